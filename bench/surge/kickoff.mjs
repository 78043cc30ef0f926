// The kickoff surge's setup, mix and judging (issue 20; bench/surge/run.mjs says what it measures
// and why), shared by the benchmarks that run it: bench/surge measures the mix alone, bench/live
// the same mix while thousands of live streams are open (issue 37). One kickoff per process: it
// creates its own database (`<dbPrefix>_<pid>`), seeds the season, starts one production server
// and registers how to undo each step in `cleanups`.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import autocannon from "autocannon";
import { encode } from "next-auth/jwt";
import pg from "pg";
import { serverCommand } from "../../scripts/server-command.mjs";
import { adminUrl, createSeasonDatabase, databaseUrl } from "../season-database.mjs";

export const root = path.resolve(import.meta.dirname, "../..");
export const CI = process.env.BENCH_SIZE === "ci";
export const SEASON = process.env.BENCH_SEASON ?? (CI ? "quarter" : "full");
export const SURGE_SECONDS = Number(process.env.BENCH_SURGE_SECONDS ?? (CI ? 30 : 60));
export const TRIVIAL_SECONDS = 10;
export const WARMUP_SECONDS = 5;
export const CONNECTIONS = 100;
export const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 5000);
const OPEN_PACKS = 10;
export const BUDGET_P99_MS = 500;
export const BUDGET_RATIO = 0.5;
const PREBUILT_REQUESTS = 50_000;
// What every browser sends on a page load: answers come compressed, as they do to real fans.
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br" };
const SECRET = "bench-secret-0123456789abcdef0123456789";
// Set by prepareKickoff.
let PORT;
let BASE;
let dbName;
let dbUrl;

if (SEASON !== "quarter" && SEASON !== "full") {
  console.error(`BENCH_SEASON must be quarter or full, not "${SEASON}"`);
  process.exit(2);
}
for (const [name, value] of [
  ["BENCH_SURGE_SECONDS", SURGE_SECONDS],
  ["BENCH_PLAYERS", PLAYERS],
]) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a positive integer, not "${process.env[name]}"`);
    process.exit(2);
  }
}

// The kickoff mix: weights per block of 90 requests (70 reads, 15 sessions with the balance, 5 submissions).
// `who`: visitor (no cookie) or player (a season player's session cookie).
export const MIX = [
  { label: "home", category: "read", who: "visitor", weight: 10, path: () => "/" },
  { label: "home", category: "read", who: "player", weight: 10, path: () => "/" },
  { label: "packs page", category: "read", who: "visitor", weight: 10, path: () => "/packs" },
  { label: "open pack page", category: "read", who: "visitor", weight: 8, path: (f) => `/packs/${encodeURIComponent(f.pack.url)}` },
  { label: "open pack page", category: "read", who: "player", weight: 8, path: (f) => `/packs/${encodeURIComponent(f.pack.url)}` },
  { label: "leaderboard page", category: "read", who: "visitor", weight: 8, path: () => "/leaderboard" },
  { label: "open packs API", category: "read", who: "visitor", weight: 8, path: () => "/api/packs?view=Open" },
  { label: "leaderboard API", category: "read", who: "visitor", weight: 8, path: () => "/api/leaderboard" },
  { label: "session API", category: "session", who: "player", weight: 15, path: () => "/api/auth/session" },
  { label: "submit takes", category: "submit", who: "player", weight: 5, path: null },
];
export const CATEGORIES = {
  read: "page and list reads",
  session: "session (with the balance)",
  submit: "take submissions",
};

let server;
export const cleanups = [];
export async function cleanup() {
  while (cleanups.length) {
    try {
      await cleanups.pop()();
    } catch (error) {
      console.error("cleanup:", error.message);
    }
  }
}
/** Bounds the whole run even if something hangs (the full season load alone takes a few minutes). */
export function startWatchdog(minutes) {
  const watchdog = setTimeout(async () => {
    console.error(`bench: timed out after ${minutes} minutes`);
    await cleanup();
    process.exit(2);
  }, minutes * 60_000);
  watchdog.unref();
}

/** Runs `main` (true: within budget) and exits 0, 1 when over budget or 2 when the run itself failed, after cleaning up. */
export function runBench(main) {
  main()
    .then(async (ok) => {
      await cleanup();
      process.exit(ok ? 0 : 1);
    })
    .catch(async (error) => {
      console.error("bench failed:", error.message);
      await cleanup();
      process.exit(2);
    });
}

export const seconds = (from) => ((performance.now() - from) / 1000).toFixed(1);
export const fmtInt = (n) => Number(n).toLocaleString("en-US");

/**
 * Everything before the measurements: a database `<dbPrefix>_<pid>` with the season, vacuumed and
 * analyzed; host facts and row counts; players with session cookies and the open packs; the
 * prebuilt mix; one production server on `port` (`serverEnv` added to its environment); the
 * smoke test. Prints as it goes. `db` is a connection to that database, closed by cleanup().
 */
export async function prepareKickoff({ dbPrefix, port, serverEnv = {} }) {
  PORT = port;
  BASE = `http://127.0.0.1:${PORT}`;
  dbName = `${dbPrefix}_${process.pid}`;
  dbUrl = databaseUrl(dbName);
  // NEXT_DIST_DIR picks a side-by-side build (next.config.ts); the server started below inherits it.
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (!existsSync(path.join(root, distDir, "BUILD_ID"))) throw new Error(`No production build in ${distDir}: run \`npm run build\` first`);

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  cleanups.push(() => admin.end());
  cleanups.push(() => admin.query(`drop database if exists ${dbName} with (force)`));
  // Migrations, the demo world and the season through the project's own CLI (scripts/db-seed.ts),
  // vacuumed and analyzed; copied from this run's season template when there is one.
  const loadedLine = await createSeasonDatabase(admin, dbName, SEASON, { track });

  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  cleanups.push(() => db.end());

  const host = await hostFacts(db);
  const counts = await rowCounts(db);
  console.log(`host: ${host.cores} cores (${host.cpu}), node ${process.version}, ${host.postgres}`);
  console.log(
    `database: ${SEASON} season, ${fmtInt(counts.takes)} takes, ${fmtInt(counts.packs)} packs (${fmtInt(counts.gradedPacks)} graded, ${fmtInt(counts.openPacks)} open), ${fmtInt(counts.profiles)} profiles`,
  );

  let from = performance.now();
  const fixtures = await resolveFixtures(db);
  console.log(
    `fixtures in ${seconds(from)} s: ${fmtInt(fixtures.players.length)} players with session cookies, open packs ${fixtures.packs.map((p) => p.url).join(", ")} (${fixtures.packs[0].propIds.length} props each)`,
  );
  const mix = buildMix(fixtures);

  from = performance.now();
  await startServer(serverEnv);
  console.log(`server ready in ${seconds(from)} s on :${PORT}`);
  // Every target answers once before the load, so a broken route is named with its answer
  // (and the first render of each page is not part of the mix).
  const smokeFailures = await smokeTest(fixtures, mix);
  return { db, dbUrl, base: BASE, server, loadedLine, host, counts, fixtures, mix, smokeFailures };
}

/** The receipts the mix's submissions stored since `since`. */
export async function receiptsStoredSince(db, since) {
  const [{ n }] = (
    await db.query("select count(*)::int as n from receipts where created_at >= $1 and idempotency_key not like 'season-%'", [since])
  ).rows;
  return n;
}

/** Lines of a child's stdout/stderr, echoed with a prefix and collected. */
function pipeLines(stream, prefix, sink) {
  readline.createInterface({ input: stream }).on("line", (line) => {
    sink?.push(line);
    console.log(`${prefix} ${line}`);
  });
}

/** Registers a cleanup and returns its remover (for a child that may end before the run does). */
function track(kill) {
  cleanups.push(kill);
  return () => cleanups.splice(cleanups.indexOf(kill), 1);
}

async function startServer(serverEnv) {
  // The server runs as deployed (scripts/server-command.mjs); BENCH_NODE_ARGS adds flags (e.g. --cpu-prof).
  const [command, args] = serverCommand(
    ["-p", String(PORT), "-H", "127.0.0.1"],
    process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(" ") : [],
  );
  server = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      DATABASE_URL: dbUrl,
      SEED_ON_START: "0",
      RUN_WORKER_IN_PROCESS: "0",
      NEXTAUTH_SECRET: SECRET,
      NEXTAUTH_URL: BASE,
      SMS_TRANSPORT: "log",
      SMS_ALLOW_LOG_IN_PRODUCTION: "1",
      LOG_LEVEL: "warn",
      NEXT_TELEMETRY_DISABLED: "1",
      ...serverEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  pipeLines(server.stdout, "  [server]");
  pipeLines(server.stderr, "  [server]");
  const exited = new Promise((resolve) => server.once("exit", resolve));
  cleanups.push(async () => {
    if (server.exitCode === null) server.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (server.exitCode === null) server.kill("SIGKILL");
  });
  await waitForHealth();
}

async function waitForHealth() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error("the server exited during start");
    try {
      const response = await fetch(`${BASE}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error("the server did not become healthy in 60 s");
}

async function hostFacts(db) {
  const [{ server_version: version }] = (await db.query("show server_version")).rows;
  return {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model?.trim() ?? "unknown CPU",
    postgres: `PostgreSQL ${version.split(" ")[0]}`,
  };
}

async function rowCounts(db) {
  const [row] = (
    await db.query(`select (select count(*)::int from takes) as takes,
                           (select count(*)::int from packs) as packs,
                           (select count(*)::int from packs where status = 'graded') as "gradedPacks",
                           (select count(*)::int from packs where status = 'open') as "openPacks",
                           (select count(*)::int from profiles) as profiles`)
  ).rows;
  return row;
}

/** A real next-auth session cookie, shaped as auth-options.ts's jwt callback issues it (decision 018's sessionVersion included). */
async function sessionCookie(profile) {
  const token = await encode({
    secret: SECRET,
    token: {
      sub: profile.id,
      profileID: profile.handle,
      phone: profile.phone,
      superAdmin: profile.super_admin === true,
      sessionVersion: profile.session_version,
    },
  });
  return `next-auth.session-token=${token}`;
}

/** Season players with cookies, the first open season packs with their props, and who already holds a receipt where. */
async function resolveFixtures(db) {
  // Season players (phones +1555 and 7 digits from 0000002: src/server/db/season.ts; the demo world's
  // are +15555550100 and up), every_pack_fan left out, spread over the season by a stable hash.
  const { rows: profiles } = await db.query(
    `select p.id, p.handle, p.phone, p.super_admin, p.session_version from profiles p
     where p.phone ~ '^\\+15550[0-9]{6}$' and p.handle <> 'every_pack_fan' and not p.super_admin
     order by md5(p.id::text) limit $1`,
    [PLAYERS + 1],
  );
  if (profiles.length < PLAYERS + 1)
    throw new Error(`only ${profiles.length} season players, ${PLAYERS + 1} wanted (BENCH_PLAYERS and one for the smoke test)`);
  const players = [];
  for (const profile of profiles) {
    const cookie = await sessionCookie(profile);
    players.push({ id: profile.id, handle: profile.handle, headers: { cookie, ...BROWSER_HEADERS } });
  }
  // The first open season packs: season-<gradedPacks + 1> onwards, the earliest close first.
  const { rows: packRows } = await db.query(
    `select id, pack_url from packs where pack_url like 'season-%' and status = 'open' and close_time > now()
     order by close_time, pack_url limit $1`,
    [OPEN_PACKS],
  );
  if (packRows.length < OPEN_PACKS) throw new Error(`only ${packRows.length} open season packs, ${OPEN_PACKS} wanted`);
  const { rows: propRows } = await db.query(
    "select pack_id, id from props where pack_id = any($1::uuid[]) and status = 'open' order by pack_id, position",
    [packRows.map((p) => p.id)],
  );
  const packs = packRows.map((p) => ({ id: p.id, url: p.pack_url, propIds: propRows.filter((r) => r.pack_id === p.id).map((r) => r.id) }));
  const empty = packs.find((p) => p.propIds.length === 0);
  if (empty) throw new Error(`open pack ${empty.url} has no open props`);
  const { rows: held } = await db.query(
    "select profile_id, pack_id from receipts where pack_id = any($1::uuid[]) and profile_id = any($2::uuid[])",
    [packRows.map((p) => p.id), players.map((p) => p.id)],
  );
  const receipts = new Set(held.map((r) => `${r.profile_id}:${r.pack_id}`));
  // The last one only submits in the smoke test, so the mix's submitters stay first-timers.
  const smokePlayer = players.pop();
  return { players, packs, receipts, smokePlayer };
}

/** A small seeded PRNG (mulberry32), so every run draws the same mix in the same order. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The requests of the mix, built before the run so the load generator (on the same cores as the
 * server) does little per request: PREBUILT_REQUESTS entries, each block of 90 holding every
 * target exactly its weight times, shuffled. A submission entry takes the next prebuilt
 * submission when it is sent, so going round the list again never repeats one.
 */
function buildMix(fixtures) {
  const random = prng(20);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const block = MIX.flatMap((target) => Array(target.weight).fill(target));
  const visitorHeaders = { ...BROWSER_HEADERS };
  const entries = [];
  while (entries.length < PREBUILT_REQUESTS) {
    const order = [...block];
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const target of order) {
      const name = `${target.who} ${target.label}`;
      if (target.category === "submit") {
        entries.push({ name, category: target.category, submit: true });
        continue;
      }
      const player = target.who === "player" ? pick(fixtures.players) : null;
      const pack = pick(fixtures.packs);
      entries.push({
        name,
        category: target.category,
        request: { method: "GET", path: target.path({ player, pack }), headers: player ? player.headers : visitorHeaders, body: undefined },
      });
    }
  }

  // Submission n: player n (each player once), on the n-th open pack round-robin, moved on to the
  // next pack where that player already holds a receipt. Past the last player (a host faster than
  // expected), players come round again on another pack: still a first submission on that pack.
  const { players, packs, receipts } = fixtures;
  const submissionBy = (player, pack, n) => ({
    method: "POST",
    path: `/api/packs/${encodeURIComponent(pack.url)}/takes`,
    // Its own headers object: autocannon writes the body's Content-Length into it.
    headers: { "content-type": "application/json", cookie: player.headers.cookie },
    body: JSON.stringify({
      takes: pack.propIds.map((propId, i) => ({ propId, side: (n * 31 + i * 7) % 3 === 0 ? "B" : "A" })),
      idempotencyKey: randomUUID(),
    }),
  });
  const submission = (n) => {
    const player = players[n % players.length];
    let k = (n + Math.floor(n / players.length)) % packs.length;
    for (let tries = 0; tries < packs.length && receipts.has(`${player.id}:${packs[k].id}`); tries++) k = (k + 1) % packs.length;
    return submissionBy(player, packs[k], n);
  };
  const submissions = Array.from({ length: players.length }, (_, n) => submission(n));
  const names = [...new Set(MIX.map((t) => `${t.who} ${t.label}`))];
  const pathOf = Object.fromEntries(
    MIX.map((t) => [
      `${t.who} ${t.label}`,
      t.path
        ? decodeURIComponent(t.path({ player: { handle: "{handle}" }, pack: { url: "season-{n}" } }))
        : "/api/packs/season-{n}/takes (POST)",
    ]),
  );
  return {
    entries,
    submissions,
    submission,
    submissionBy,
    names,
    pathOf,
    categoryOf: Object.fromEntries(MIX.map((t) => [`${t.who} ${t.label}`, t.category])),
  };
}

/**
 * One request of every target (and one submission by a player kept out of the mix), outside the
 * measurements: what fails here fails in the mix too, and is named here with its answer. The run
 * goes on (the mix counts those errors against the budget).
 */
async function smokeTest(fixtures, mix) {
  const player = fixtures.players[0];
  const pack = fixtures.packs[0];
  const failures = [];
  const requests = MIX.filter((t) => t.category !== "submit").map((t) => ({
    name: `${t.who} ${t.label}`,
    path: t.path({ player, pack }),
    init: { headers: t.who === "player" ? player.headers : {} },
  }));
  const submission = mix.submissionBy(fixtures.smokePlayer, pack, 0);
  requests.push({
    name: "player submit takes",
    path: submission.path,
    init: { method: "POST", headers: submission.headers, body: submission.body },
  });
  for (const r of requests) {
    const response = await fetch(BASE + r.path, { redirect: "manual", ...r.init });
    const body = await response.text();
    if (response.status < 200 || response.status > 299)
      failures.push(`${r.name} ${r.init.method ?? "GET"} ${r.path}: HTTP ${response.status} ${body.replace(/\s+/g, " ").slice(0, 200)}`);
  }
  if (failures.length)
    console.log(
      `smoke test: ${failures.length} of ${requests.length} targets failed (the mix goes on and counts them):\n  ${failures.join("\n  ")}`,
    );
  else console.log(`smoke test: all ${requests.length} targets answered 2xx`);
  return failures;
}

/**
 * CPU time used so far by the server's process tree, every PostgreSQL process on this host and
 * this process (autocannon runs here), as bench/submit-takes does: on a 2-core host throughput
 * moves with whatever else runs; CPU per request is the steadier figure.
 */
export function cpuSnapshot() {
  const ticks = { server: 0, postgres: 0 };
  const stats = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, "utf8");
      const close = text.lastIndexOf(")");
      const comm = text.slice(text.indexOf("(") + 1, close);
      const fields = text.slice(close + 2).split(" ");
      stats.push({ pid: Number(entry), comm, ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // the process ended while we looked
    }
  }
  const tree = new Set([server.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const s of stats)
      if (!tree.has(s.pid) && tree.has(s.ppid)) {
        tree.add(s.pid);
        grew = true;
      }
  }
  for (const s of stats) {
    if (tree.has(s.pid)) ticks.server += s.ticks;
    else if (s.comm === "postgres") ticks.postgres += s.ticks;
  }
  const own = process.cpuUsage();
  return { ...ticks, self: own.user + own.system };
}

function cpuPerRequest(from, to, requests) {
  const tick = 1e6 / 100; // USER_HZ is 100 on Linux
  const per = (micros) => Math.max(0, Math.round(micros / Math.max(1, requests)));
  return {
    server: per((to.server - from.server) * tick),
    postgres: per((to.postgres - from.postgres) * tick),
    loadGenerator: per(to.self - from.self),
  };
}

export const percentile = (sorted, q) =>
  sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]) : null;
export const latencySummary = (values) => {
  const sorted = Float64Array.from(values).sort();
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99), max: percentile(sorted, 1) };
};

/**
 * One autocannon run of WARMUP_SECONDS + `measured` seconds on CONNECTIONS connections. Latency and
 * throughput cover the measured seconds only (opening 100 connections at once makes the first
 * answers wait whatever the route); status codes and errors are counted over the whole run.
 * `labelOf(client)` names the request a response answers (null: one target); `groupOf(label)` its
 * category, for latency per category.
 */
function load(options, measured, labelOf, groupOf = () => "all") {
  return new Promise((resolve, reject) => {
    const measureFrom = performance.now() + WARMUP_SECONDS * 1000;
    const latencies = [];
    const byLabel = new Map();
    const stat = (label) => {
      let s = byLabel.get(label);
      if (!s) byLabel.set(label, (s = { latencies: [], measured: 0, statuses: {}, warmupStatuses: {} }));
      return s;
    };
    let cpuFrom;
    const cpuTimer = setTimeout(() => (cpuFrom = cpuSnapshot()), WARMUP_SECONDS * 1000);
    const socketErrors = {};
    const instance = autocannon(
      { url: BASE, connections: CONNECTIONS, duration: WARMUP_SECONDS + measured, ...options },
      (error, result) => {
        clearTimeout(cpuTimer);
        const cpuTo = cpuSnapshot();
        if (error) return reject(error);
        const summary = {
          rps: Math.round((latencies.length / measured) * 10) / 10,
          requests: latencies.length,
          ...latencySummary(latencies),
          socketErrors: result.errors - result.timeouts,
          timeouts: result.timeouts,
          socketErrorKinds: socketErrors,
          cpuMicrosPerRequest: cpuFrom ? cpuPerRequest(cpuFrom, cpuTo, latencies.length) : null,
          targets: {},
          groups: {},
        };
        const grouped = new Map();
        for (const [label, s] of byLabel) grouped.set(groupOf(label), [...(grouped.get(groupOf(label)) ?? []), ...s.latencies]);
        for (const [group, values] of grouped) summary.groups[group] = { requests: values.length, ...latencySummary(values) };
        // Answers whose status passes `test`, warm-up included.
        const count = (s, test) =>
          [s.statuses, s.warmupStatuses]
            .flatMap((statuses) => Object.entries(statuses))
            .reduce((sum, [code, n]) => sum + (test(Number(code)) ? n : 0), 0);
        for (const [label, s] of byLabel) {
          summary.targets[label] = {
            requests: s.measured,
            rps: Math.round((s.measured / measured) * 10) / 10,
            ...latencySummary(s.latencies),
            statuses: s.statuses,
            warmupStatuses: s.warmupStatuses,
            errors: count(s, (code) => code < 200 || code > 299),
            atLeast500: count(s, (code) => code >= 500),
          };
        }
        resolve(summary);
      },
    );
    instance.on("response", (client, status, _bytes, responseTime) => {
      const s = stat(labelOf ? labelOf(client) : "all");
      if (performance.now() >= measureFrom) {
        latencies.push(responseTime);
        s.latencies.push(responseTime);
        s.measured++;
        s.statuses[status] = (s.statuses[status] ?? 0) + 1;
      } else {
        s.warmupStatuses[status] = (s.warmupStatuses[status] ?? 0) + 1;
      }
    });
    instance.on("reqError", (error) => {
      const kind = error?.code ?? error?.message ?? String(error);
      socketErrors[kind] = (socketErrors[kind] ?? 0) + 1;
    });
  });
}

export async function runTrivial() {
  const result = await load({ requests: [{ method: "GET", path: "/api/ping" }] }, TRIVIAL_SECONDS, null);
  const all = result.targets.all ?? { errors: 0 };
  result.errors = all.errors + result.socketErrors + result.timeouts;
  console.log(`  trivial: ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms, errors ${result.errors}`);
  printCpu(result);
  return result;
}

export async function runMix(mix) {
  let counter = 0;
  let submitted = 0;
  const failedAnswers = {};
  const result = await load(
    {
      requests: [
        {
          method: "GET",
          setupRequest: (request, context) => {
            const entry = mix.entries[counter++ % mix.entries.length];
            // The context lives until this request's answer (one request in flight per connection).
            context.label = entry.name;
            if (entry.submit) {
              const n = submitted++;
              return { ...request, ...(mix.submissions[n] ?? mix.submission(n)) };
            }
            return { ...request, ...entry.request };
          },
          // The first answers of each target that were not 2xx, to say what failed.
          onResponse: (status, body, context) => {
            if (status >= 200 && status <= 299) return;
            const list = (failedAnswers[context.label] ??= []);
            if (list.length < 3) list.push(`HTTP ${status} ${String(body).replace(/\s+/g, " ").slice(0, 200)}`);
          },
        },
      ],
    },
    SURGE_SECONDS,
    (client) => client.requestIterator?.context?.label ?? "unknown",
    (label) => mix.categoryOf[label] ?? "unknown",
  );
  result.submissionsSent = submitted;
  result.failedAnswers = failedAnswers;
  result.playersReused = submitted > mix.submissions.length;
  result.requestsSent = counter;
  // Per category (the targets' names carry who and what).
  result.categories = {};
  for (const [label, t] of Object.entries(result.targets)) {
    const category = mix.categoryOf[label] ?? "unknown";
    const c = (result.categories[category] ??= { ...result.groups[category], errors: 0, atLeast500: 0, statuses: {} });
    c.errors += t.errors;
    c.atLeast500 += t.atLeast500;
    for (const statuses of [t.statuses, t.warmupStatuses])
      for (const [code, n] of Object.entries(statuses)) c.statuses[code] = (c.statuses[code] ?? 0) + n;
  }
  const httpErrors = Object.values(result.targets).reduce((sum, t) => sum + t.errors, 0);
  result.errors = httpErrors + result.socketErrors + result.timeouts;
  result.atLeast500 = Object.values(result.targets).reduce((sum, t) => sum + t.atLeast500, 0);
  console.log(
    `  mix: ${result.rps} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms, max ${result.max} ms, errors ${result.errors}`,
  );
  printCpu(result);
  return result;
}

export function printCpu(result) {
  const cpu = result.cpuMicrosPerRequest;
  if (cpu)
    console.log(
      `    CPU per request: server ${cpu.server} µs, PostgreSQL ${cpu.postgres} µs, load generator ${cpu.loadGenerator} µs (all ${cpu.server + cpu.postgres + cpu.loadGenerator} µs)`,
    );
}

/**
 * Prints the mix's figures beside the trivial route's (per target and per category) and returns
 * the surge's budget checks (issue 20): 0 errors, 0 answers >= 500, p99 <= BUDGET_P99_MS, mix
 * throughput >= BUDGET_RATIO of the trivial route's.
 */
export function reportMix({ host, counts, trivial, surge, mix }) {
  const pct = (x) => `${(x * 100).toFixed(1)}%`;
  const statusText = (statuses) =>
    Object.entries(statuses)
      .sort(([a], [b]) => a - b)
      .map(([code, n]) => `${code}×${fmtInt(n)}`)
      .join(" ") || "-";
  console.log(
    `\nkickoff surge on a ${SEASON} season (${fmtInt(counts.takes)} takes, ${fmtInt(counts.profiles)} profiles); host ${host.cores} cores, ${host.cpu}, ${host.postgres}, node ${process.version}`,
  );
  console.log(`trivial GET /api/ping: ${trivial.rps} req/s, p99 ${trivial.p99} ms (p50 ${trivial.p50} ms, errors ${trivial.errors})`);
  console.log(
    `kickoff mix:           ${surge.rps} req/s, p50 ${surge.p50} ms, p95 ${surge.p95} ms, p99 ${surge.p99} ms, max ${surge.max} ms`,
  );
  console.log(
    `  ${fmtInt(surge.requestsSent)} requests sent (warm-up included), ${fmtInt(surge.submissionsSent)} submissions${surge.playersReused ? " (more than players: some players submitted on a second pack)" : " (each by a different player)"}, ${fmtInt(surge.receiptsStored)} new receipts stored`,
  );

  const header = ["target (measured window)", "req/s", "p50", "p95", "p99", "max", "statuses (warm-up + measured)"];
  const rows = mix.names.map((name) => {
    const t = surge.targets[name] ?? { rps: 0, p50: null, p95: null, p99: null, max: null, statuses: {}, warmupStatuses: {} };
    const all = { ...t.warmupStatuses };
    for (const [code, n] of Object.entries(t.statuses)) all[code] = (all[code] ?? 0) + n;
    const ms = (x) => (x === null ? "-" : String(x));
    return [`${name} ${mix.pathOf[name]}`, String(t.rps), ms(t.p50), ms(t.p95), ms(t.p99), ms(t.max), statusText(all)];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) =>
    cells
      .map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join("  ")
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of rows) console.log(line(row));
  if (surge.targets.unknown) console.log(`unattributed answers: ${statusText(surge.targets.unknown.statuses)}`);
  console.log("by category: latency over the measured window, errors and statuses with the warm-up included:");
  for (const [category, title] of Object.entries(CATEGORIES)) {
    const c = surge.categories[category] ?? { requests: 0, errors: 0, atLeast500: 0, statuses: {} };
    const share = surge.requests ? pct((c.requests ?? 0) / surge.requests) : "-";
    console.log(
      `  ${title}: ${share} of answers, ${((c.requests ?? 0) / SURGE_SECONDS).toFixed(1)} req/s, p50 ${c.p50 ?? "-"} ms, p95 ${c.p95 ?? "-"} ms, p99 ${c.p99 ?? "-"} ms; ` +
        `${fmtInt(c.errors)} errors, ${fmtInt(c.atLeast500)} >= 500 (statuses ${statusText(c.statuses)})`,
    );
  }
  for (const [label, answers] of Object.entries(surge.failedAnswers)) console.log(`  first failures of ${label}: ${answers.join(" | ")}`);
  const kinds = Object.entries(surge.socketErrorKinds)
    .map(([kind, n]) => `${kind}×${n}`)
    .join(", ");
  console.log(
    `  socket errors ${surge.socketErrors}, timeouts ${surge.timeouts}${kinds ? ` (${kinds})` : ""} (not attributable to a target)`,
  );

  const ratio = surge.rps / trivial.rps;
  const checks = [
    {
      name: "errors",
      ok: surge.errors === 0,
      text: `errors ${fmtInt(surge.errors)} (budget 0${surge.errors ? `: ${fmtInt(surge.errors)} over` : ""})`,
    },
    {
      name: "responses >= 500",
      ok: surge.atLeast500 === 0,
      text: `responses >= 500: ${fmtInt(surge.atLeast500)} (budget 0${surge.atLeast500 ? `: ${fmtInt(surge.atLeast500)} over` : ""})`,
    },
    {
      name: "p99",
      ok: surge.p99 !== null && surge.p99 <= BUDGET_P99_MS,
      text: `p99 ${surge.p99} ms (budget <= ${BUDGET_P99_MS} ms: ${surge.p99 === null ? "no answers" : `${Math.abs(BUDGET_P99_MS - surge.p99)} ms ${surge.p99 <= BUDGET_P99_MS ? "to spare" : "over"}`})`,
    },
    {
      name: "throughput",
      ok: ratio >= BUDGET_RATIO,
      text: `mix throughput ${surge.rps} / trivial ${trivial.rps} req/s = ${pct(ratio)} (budget >= ${pct(BUDGET_RATIO)}: ${Math.abs((ratio - BUDGET_RATIO) * 100).toFixed(1)} points ${ratio >= BUDGET_RATIO ? "above" : "below"})`,
    },
  ];
  return { checks, ratio };
}
