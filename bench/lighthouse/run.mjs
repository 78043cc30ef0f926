#!/usr/bin/env node
// Lighthouse budget: mobile performance of `/` and a pack page, measured with
// Lighthouse's default (mobile) configuration and simulated throttling in
// Debian's Chromium against the production build. Budget per page (issue 19): median
// performance score of five runs >= 95, CLS <= 0.05 and TBT <= 150 ms at the CPU
// slowdown calibrated to this host (five: Lighthouse's own advice for a stable median
// on a machine whose timings vary), and a median >= 95 of three more runs at a
// forced 6x slowdown, the margin that keeps the budget on slower hosts.
//
// Starts its own server (`next start`) on a fresh embedded database seeded with
// the demo data, finds a pack from /api/packs, prints every run's figures and
// the medians, and stops the server.
//
// First the host check (docs/decisions/048-hosts-with-slow-memory.md): a bare Next.js page
// (bench/lighthouse/reference, built here when needed) measured three times at the forced 6×. On a
// host where even that page misses the budget (median score under 95 or median TBT over 150 ms),
// page loads stall on memory the CPU benchmark never sees and no page of any Next.js app can meet
// the absolute budget there: each of our pages is then judged against that reference instead, three
// runs at the forced 6× (median score at most 5 points under the reference's, median TBT at most
// 150 ms over it, CLS ≤ 0.05; issue 38). On every other host the absolute budget is judged as before.
// Either way the bench returns a verdict.
//
// Exit status: 1 when a page is over budget, 2 when it could not measure.
// LIGHTHOUSE_ENFORCE=0 only reports: it prints the figures and the verdict
// ("OVER BUDGET") and exits 0.
//
// Needs a production build (`npm run build`). Env: LIGHTHOUSE_PORT (default: a
// free port), LIGHTHOUSE_CHROMIUM_PATH (default Debian's chromium-headless-shell), LIGHTHOUSE_RUNS (5),
// LIGHTHOUSE_FORCED_RUNS (3 per page at a fixed 6× CPU slowdown: the margin line),
// LIGHTHOUSE_ENFORCE (default 1), LIGHTHOUSE_REPORT_DIR (writes each run's JSON report).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import {
  FORCED_SLOWDOWN,
  MAX_CLS,
  MAX_TBT,
  MIN_SCORE,
  RELATIVE_SCORE_GAP,
  RELATIVE_TBT_MARGIN,
  measurePages,
} from "../../scripts/lighthouse.mjs";
import { serverCommand } from "../../scripts/server-command.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
// Runs per page at the forced 6× slowdown (the margin line of docs/decisions/016-benchmarks-on-any-host.md).
const FORCED_RUNS = Number(process.env.LIGHTHOUSE_FORCED_RUNS ?? 3);
const ENFORCE = process.env.LIGHTHOUSE_ENFORCE !== "0";
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
const SECRET = "bench-secret-0123456789abcdef0123456789";
// CI's browser tests own these ports.
const RESERVED_PORTS = new Set([3210, 3211, 3212]);

const cleanups = [];
async function cleanup() {
  while (cleanups.length) {
    try {
      await cleanups.pop()();
    } catch (error) {
      console.error("cleanup:", error.message);
    }
  }
}
const watchdog = setTimeout(
  async () => {
    console.error("lighthouse bench: timed out");
    await cleanup();
    process.exit(2);
  },
  (180 + (RUNS + FORCED_RUNS) * 2 * 90) * 1000,
);
watchdog.unref();
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    await cleanup();
    process.exit(130);
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => (RESERVED_PORTS.has(port) ? freePort().then(resolve, reject) : resolve(port)));
    });
  });
}

async function waitFor(url, exited, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  let serverGone = false;
  exited.then(() => (serverGone = true));
  while (Date.now() < deadline) {
    if (serverGone) throw new Error("The server exited before it was ready");
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Stops `server` when the bench ends (SIGTERM, then SIGKILL after 10 s); resolves when it exits. */
function stoppedAtCleanup(server) {
  const exited = new Promise((resolve) => server.once("exit", resolve));
  cleanups.push(async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
  });
  return exited;
}

async function startServer(port) {
  const runDir = mkdtempSync(path.join(os.tmpdir(), "takes-lighthouse-"));
  cleanups.push(() => rmSync(runDir, { recursive: true, force: true }));
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(...serverCommand(["-p", String(port), "-H", "127.0.0.1"]), {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: "",
      DATA_DIR: path.join(runDir, "data"),
      SEED_ON_START: "1",
      RUN_WORKER_IN_PROCESS: "0",
      NEXTAUTH_SECRET: SECRET,
      NEXTAUTH_URL: base,
      SMS_TRANSPORT: "log",
      SMS_ALLOW_LOG_IN_PRODUCTION: "1",
      SMS_LOG_FILE: path.join(runDir, "sms.log"),
      ADMIN_PHONES: "5555550100",
      LOG_LEVEL: "warn",
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = stoppedAtCleanup(server);
  await waitFor(`${base}/api/health`, exited);
  return base;
}

/**
 * The host check's reference page (docs/decisions/048-hosts-with-slow-memory.md): a bare Next.js
 * page in bench/lighthouse/reference, built with the same Next.js (and webpack) when its build is
 * missing or older than its sources, and served by plain `next start`.
 */
const REFERENCE_DIR = path.join(root, "bench/lighthouse/reference");
const NEXT_BIN = path.join(root, "node_modules/next/dist/bin/next");

function referenceBuildIsCurrent() {
  const buildId = path.join(REFERENCE_DIR, ".next", "BUILD_ID");
  if (!existsSync(buildId)) return false;
  const built = statSync(buildId).mtimeMs;
  const sources = [
    path.join(REFERENCE_DIR, "next.config.mjs"),
    ...readdirSync(path.join(REFERENCE_DIR, "app")).map((f) => path.join(REFERENCE_DIR, "app", f)),
  ];
  return sources.every((file) => statSync(file).mtimeMs < built);
}

function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "inherit", "inherit"] });
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`))));
  });
}

async function startReference() {
  const env = { NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" };
  // Webpack: Turbopack, building a folder inside a larger project, takes that project's own
  // instrumentation hook (src/instrumentation.ts) into the reference page's server.
  if (!referenceBuildIsCurrent()) await run(process.execPath, [NEXT_BIN, "build", "--webpack", REFERENCE_DIR], env);
  const port = await freePort();
  const server = spawn(process.execPath, [NEXT_BIN, "start", REFERENCE_DIR, "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = stoppedAtCleanup(server);
  const url = `http://127.0.0.1:${port}/`;
  await waitFor(url, exited);
  return url;
}

/** A pack page to measure: an open pack (the page players land on), else any pack. */
async function findPackPath(base) {
  for (const view of ["open", "all"]) {
    const response = await fetch(`${base}/api/packs?view=${view}`);
    if (!response.ok) throw new Error(`GET /api/packs?view=${view} answered ${response.status}`);
    const { packs } = await response.json();
    if (packs.length) return `/packs/${encodeURIComponent(packs[0].packURL)}`;
  }
  throw new Error("The demo data has no packs");
}

async function main() {
  if (!existsSync(path.join(root, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID")))
    throw new Error("No production build: run `npm run build` first");
  const port = process.env.LIGHTHOUSE_PORT ? Number(process.env.LIGHTHOUSE_PORT) : await freePort();
  if (RESERVED_PORTS.has(port)) throw new Error(`Port ${port} is reserved for CI's browser tests`);
  const base = await startServer(port);
  const pages = ["/", await findPackPath(base)];
  // Warm each page once so the runs measure the page, not the first compile of a server chunk.
  for (const page of pages) await (await fetch(`${base}${page}`)).text();

  const reference = await startReference();
  const { pages: results, hostCheck } = await measurePages({
    base,
    paths: pages,
    runs: RUNS,
    forcedRuns: FORCED_RUNS,
    reference,
    reportDir: REPORT_DIR,
  });
  return { ok: results.every((r) => r.ok), hostCheck };
}

let status = 0;
try {
  const { ok, hostCheck } = await main();
  const budget = `median performance ≥ ${MIN_SCORE} at the calibrated and a forced ${FORCED_SLOWDOWN}× slowdown, CLS ≤ ${MAX_CLS}, TBT ≤ ${MAX_TBT} ms`;
  const relative = hostCheck && !hostCheck.hostCanJudge;
  const judged = relative
    ? `each page at a forced ${FORCED_SLOWDOWN}× at most ${RELATIVE_SCORE_GAP} points and ${RELATIVE_TBT_MARGIN} ms of TBT behind the reference page ` +
      `measured in this run (${hostCheck.score}, TBT ${Math.round(hostCheck.tbt)} ms; this host cannot judge the absolute budget, ${budget}: decision 048), CLS ≤ ${MAX_CLS}`
    : `${budget} on every page`;
  if (ok) console.log(`Lighthouse budget: ok (${judged})`);
  else if (ENFORCE) {
    status = 1;
    console.log(`Lighthouse budget: OVER BUDGET (${judged})`);
  } else console.log(`Lighthouse budget: OVER BUDGET (${judged}); reported only (LIGHTHOUSE_ENFORCE=0)`);
} catch (error) {
  console.error("lighthouse bench: could not measure:", error);
  // A budget that could not be checked is not met; LIGHTHOUSE_ENFORCE=0 only reports it.
  if (ENFORCE) status = 2;
} finally {
  await cleanup();
}
process.exit(status);
