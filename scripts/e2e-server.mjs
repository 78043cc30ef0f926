#!/usr/bin/env node
// Starts the built app for browser tests on a fresh embedded database.
import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
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
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
