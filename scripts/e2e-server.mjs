#!/usr/bin/env node
// Starts the built app for browser tests on a fresh embedded database.
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { serverCommand } from "./server-command.mjs";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("DATA_DIR must be set");
const runDir = path.dirname(dataDir);
rmSync(runDir, { recursive: true, force: true });
mkdirSync(runDir, { recursive: true });

const server = spawn(...serverCommand(["-p", process.env.PORT ?? "3210", "-H", "127.0.0.1"]), {
  cwd: root,
  env: { ...process.env, NODE_ENV: "production" },
  stdio: ["ignore", "pipe", "pipe"],
});
// Also kept in the run directory, where the browser tests' teardown scans it for phone numbers
// and sign-in codes (scripts/scan-server-logs.mjs).
const kept = createWriteStream(path.join(runDir, "server.log"));
server.stdout.on("data", (chunk) => kept.write(chunk));
server.stderr.on("data", (chunk) => kept.write(chunk));
server.stdout.pipe(process.stdout);
server.stderr.pipe(process.stderr);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => kept.end(() => process.exit(code ?? 0)));
