#!/usr/bin/env node
// `npm start`: the local, batteries-included launcher. Builds when needed, then
// runs the production server on the embedded database with demo data. Values
// already set in the environment always win; the defaults below only make a
// fresh clone work without any configuration (SMS codes go to a log file).
// Real deployments set their own configuration and run `npm run serve`.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { serverCommand } from "./server-command.mjs";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = path.resolve(root, process.env.DATA_DIR ?? ".data");
mkdirSync(dataDir, { recursive: true });

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function needsBuild() {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  return [path.join(root, "src"), path.join(root, "drizzle")].some((dir) => newestMtime(dir) > built);
}

function localSecret() {
  const file = path.join(dataDir, "nextauth-secret");
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  return readFileSync(file, "utf8").trim();
}

const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: "1",
  DATA_DIR: dataDir,
  NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? localSecret(),
  SMS_TRANSPORT: process.env.SMS_TRANSPORT ?? "log",
  SMS_ALLOW_LOG_IN_PRODUCTION: process.env.SMS_ALLOW_LOG_IN_PRODUCTION ?? "1",
  SMS_LOG_FILE: process.env.SMS_LOG_FILE ?? path.join(dataDir, "sms.log"),
  // The demo world is what `npm start` is for; a production server (`npm run serve`) never seeds unless asked.
  SEED_ON_START: process.env.SEED_ON_START ?? "1",
};
const port = process.env.PORT ?? "3000";
env.NEXTAUTH_URL = process.env.NEXTAUTH_URL ?? `http://localhost:${port}`;

if (needsBuild()) {
  console.log("Building the app (first start or changed sources)…");
  const build = spawnSync(process.execPath, [path.join(root, "scripts", "build.mjs")], { cwd: root, env, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

console.log(
  `Starting on ${env.NEXTAUTH_URL} · database: ${env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `embedded, ${dataDir}`}` +
    (env.SMS_TRANSPORT === "log" ? ` · sign-in codes are written to ${env.SMS_LOG_FILE}` : ""),
);
const [command, args] = serverCommand(["-p", port]);
const server = spawn(command, args, { cwd: root, env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
