import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { appendFileSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { serverCommand } from "../../scripts/server-command.mjs";
import { E2E } from "./env";

// Specs that need servers of their own (to kill, restart or run side by side)
// start them here: the production build under `next start`, on a database
// they own, never the shared test server's.

const root = path.resolve(import.meta.dirname, "../..");

/** The real PostgreSQL the reliability specs create their databases in (CI sets it); undefined skips them. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL;
export const NEEDS_POSTGRES = "TEST_DATABASE_URL is not set: this check needs a real PostgreSQL server";

export interface ThrowawayDatabase {
  name: string;
  url: string;
  /** A client on the database, for checking what was committed. */
  query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  /** Closes the client and drops the database (servers still connected are cut off). */
  drop(): Promise<void>;
}

/** Creates an empty database `<prefix>_<random>` next to TEST_DATABASE_URL's. */
export async function createThrowawayDatabase(prefix: string): Promise<ThrowawayDatabase> {
  if (!testDatabaseUrl) throw new Error(NEEDS_POSTGRES);
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // pool.end() resolves once it has let go of its connections, not once PostgreSQL has closed them, so
  // drop()'s forced drop can still terminate one: its "terminating connection due to administrator
  // command" then reached no listener and failed live-behind-a-proxy.spec after its tests had passed
  // (CI, 2026-12-01). Errors of queries still reject their promises; these are the idle connections'.
  pool.on("connect", (client) => client.on("error", () => {}));
  pool.on("error", () => {});
  return {
    name,
    url: url.toString(),
    query: async (text, values) => (await pool.query(text, values)).rows,
    drop: async () => {
      await pool.end().catch(() => {});
      const dropper = new pg.Client({ connectionString: testDatabaseUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

export interface AppServer {
  port: number;
  baseURL: string;
  smsLogFile: string;
  process: ChildProcess;
  /** The server's recent output, for failure messages. */
  output(): string;
}

/**
 * Starts the production server from the build on `port` against `databaseUrl`, with the
 * shared test server's settings otherwise (log SMS transport, admin phone,
 * secret). Servers given the same `runDir` share its SMS log.
 */
export function startAppServer(options: {
  port: number;
  databaseUrl: string;
  runDir: string;
  env?: Record<string, string>;
  /** "next-start": Next's own server without the front door, as a baseline (front-door-conformance.spec.ts). */
  server?: "front-door" | "next-start";
}): AppServer {
  const { port, databaseUrl, runDir } = options;
  const command: [string, string[]] =
    options.server === "next-start"
      ? [process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "start", "-p", String(port), "-H", "127.0.0.1"]]
      : serverCommand(["-p", String(port), "-H", "127.0.0.1"]);
  mkdirSync(runDir, { recursive: true });
  const baseURL = `http://127.0.0.1:${port}`;
  const smsLogFile = path.join(runDir, `sms-${port}.log`);
  const child = spawn(...command, {
    cwd: root,
    env: {
      ...process.env,
      ...E2E.serverEnv,
      PORT: String(port),
      NEXTAUTH_URL: baseURL,
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(runDir, `unused-data-${port}`),
      SMS_LOG_FILE: smsLogFile,
      NODE_ENV: "production",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  // All of it also goes to a file the teardown scans for phone numbers and codes (scripts/scan-server-logs.mjs).
  const logFile = path.join(runDir, `server-${port}.log`);
  const keep = (chunk: Buffer) => {
    appendFileSync(logFile, chunk);
    lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  return { port, baseURL, smsLogFile, process: child, output: () => lines.join("\n") };
}

/** Waits until the server answers /api/health (boot migrates and seeds first; 30 s+ on a loaded machine). */
export async function waitUntilHealthy(server: AppServer, timeoutMs = 150_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null || server.process.signalCode !== null) {
      throw new Error(`server on ${server.port} exited before it was healthy:\n${server.output()}`);
    }
    try {
      const response = await fetch(`${server.baseURL}/api/health`, { signal: AbortSignal.timeout(10_000) });
      if (response.ok) return (await response.json()) as Record<string, unknown>;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`server on ${server.port} was not healthy within ${timeoutMs} ms:\n${server.output()}`);
}

function exited(server: AppServer): Promise<void> {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => server.process.once("exit", () => resolve()));
}

/** `kill -9`: the process dies at once, with whatever it was doing half done. */
export async function killHard(server: AppServer): Promise<void> {
  const done = exited(server);
  server.process.kill("SIGKILL");
  await done;
}

/** Stops a server politely (SIGTERM), and hard if it has not exited within 15 s. Safe to call twice. */
export async function stopServer(server: AppServer | undefined): Promise<void> {
  if (!server) return;
  const done = exited(server);
  server.process.kill("SIGTERM");
  const timer = setTimeout(() => server.process.kill("SIGKILL"), 15_000);
  await done;
  clearTimeout(timer);
}

/** A run directory under .tmp for one spec's servers, emptied first. */
export function freshRunDir(name: string): string {
  const dir = path.join(root, ".tmp", `${name}-${E2E.port}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}
