// A benchmark database with the demo world and a season loaded (scripts/db-seed.ts --season=…),
// shared by bench/surge, bench/live, bench/outbox, bench/season and bench/standings.
//
// Loading a quarter season takes about a minute on a 2-core host; three benchmarks of one
// `npm run bench` need the same one. When scripts/bench-all.sh sets BENCH_SEASON_TEMPLATE, the first
// of them loads the season into a template database named after it and the size, and every one
// (that first one too) gets its own copy with CREATE DATABASE … TEMPLATE, a file copy of a few
// seconds; bench-all.sh drops the templates when it ends (`node bench/season-database.mjs --drop`).
// A copy carries the template's statistics and visibility map, so it is measured as the template
// was left: vacuumed and analyzed. Run on its own, without the variable, a benchmark loads its own
// season as before.
import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import pg from "pg";

const root = path.resolve(import.meta.dirname, "..");
export const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const TEMPLATE = process.env.BENCH_SEASON_TEMPLATE ?? "";

/** The URL of database `name` on the benchmarks' server. */
export const databaseUrl = (name) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();

/** Lines of a child's stdout/stderr, echoed with a prefix and collected. */
function pipeLines(stream, prefix, sink) {
  readline.createInterface({ input: stream }).on("line", (line) => {
    sink.push(line);
    console.log(`${prefix} ${line}`);
  });
}

/**
 * `node --conditions=react-server --import tsx scripts/db-seed.ts …args` against `url`: migrations
 * and the demo world, plus a season when asked. `track` registers a kill for the caller's cleanup
 * and returns its remover. Resolves with the lines it printed.
 */
export async function runSeed(url, args, { prefix = "  [seed]", track = () => () => undefined } = {}) {
  const env = { ...process.env, DATABASE_URL: url, NEXT_TELEMETRY_DISABLED: "1" };
  delete env.NODE_ENV;
  delete env.SEED_ON_START;
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/db-seed.ts", ...args], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines = [];
  pipeLines(child.stdout, prefix, lines);
  pipeLines(child.stderr, prefix, lines);
  const untrack = track(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  });
  const code = await new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  untrack();
  if (code !== 0) throw new Error(`seeding ${new URL(url).pathname.slice(1)} failed (exit ${code})`);
  return lines;
}

const LOADED = /^Loaded a .* season in /;

/**
 * Creates database `dbName` (which must not exist) with the demo world and a `season` season,
 * vacuumed and analyzed. `admin` is a connected client on the server's maintenance database.
 * Resolves with the seed's "Loaded a … season in …" line (the template's, when copied).
 */
export async function createSeasonDatabase(admin, dbName, season, options = {}) {
  const from = performance.now();
  if (!TEMPLATE) {
    await admin.query(`create database ${dbName}`);
    const loaded = await load(dbName, season, options);
    console.log(`database seeded and vacuumed in ${seconds(from)} s (migrations, demo world and season); ${loaded}`);
    return loaded;
  }
  const { template, loaded } = await ensureTemplate(admin, season, options);
  const copyFrom = performance.now();
  await admin.query(`create database ${dbName} template ${template}`);
  console.log(`database ${dbName} copied from the season template in ${seconds(copyFrom)} s (${loaded})`);
  return loaded;
}

/**
 * This run's `season` template (BENCH_SEASON_TEMPLATE), loaded unless a complete one is there.
 * Resolves with its name and its seed's "Loaded a … season in …" line.
 */
async function ensureTemplate(admin, season, options = {}) {
  const from = performance.now();
  const template = `${TEMPLATE}_${season}`.replace(/[^a-z0-9_]/gi, "_").toLowerCase();
  const { rows } = await admin.query("select shobj_description(oid, 'pg_database') as loaded from pg_database where datname = $1", [
    template,
  ]);
  let loaded = rows[0]?.loaded;
  if (!loaded) {
    // A template left half made by a run that was killed is made again.
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.query(`create database ${template}`);
    loaded = await load(template, season, options);
    // The comment marks the template as complete (and keeps the line to print for its copies).
    await admin.query(`comment on database ${template} is ${pg.escapeLiteral(loaded)}`);
    console.log(`season template ${template} made in ${seconds(from)} s: ${loaded}`);
  }
  return { template, loaded };
}

async function load(dbName, season, options) {
  const lines = await runSeed(databaseUrl(dbName), [`--season=${season}`], options);
  const loaded = lines.find((line) => LOADED.test(line));
  if (!loaded) throw new Error(`the ${season} season was not loaded into ${dbName} (see the seed output above)`);
  // As autovacuum would leave the database a minute after the load; not during the measurements.
  const db = new pg.Client({ connectionString: databaseUrl(dbName) });
  await db.connect();
  try {
    await db.query("vacuum (analyze)");
  } finally {
    await db.end();
  }
  return loaded;
}

const seconds = (from) => ((performance.now() - from) / 1000).toFixed(1);

/**
 * `node bench/season-database.mjs --make quarter`: makes this run's quarter-season template ahead of
 * the benchmarks, so that no benchmark waits for it (.ci/run makes it beside the browser tests, which
 * leave part of the CPU idle: docs/decisions/054-ci-time-and-house-rules.md). A benchmark that finds
 * it complete copies it; one that finds it half made (a killed run) makes it again.
 */
const makeAt = process.argv.indexOf("--make");
if (process.argv[1] === import.meta.filename && makeAt > 0) {
  if (!TEMPLATE) throw new Error("BENCH_SEASON_TEMPLATE must name the template to make");
  const season = process.argv[makeAt + 1] ?? "quarter";
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await ensureTemplate(admin, season, { prefix: "  [seed season template]" });
  } finally {
    await admin.end();
  }
}

/** `node bench/season-database.mjs --drop`: drops this run's templates (scripts/bench-all.sh, at its end). */
if (process.argv[1] === import.meta.filename && process.argv.includes("--drop")) {
  if (!TEMPLATE) process.exit(0);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const { rows } = await admin.query("select datname from pg_database where datname like $1", [`${TEMPLATE.toLowerCase()}\\_%`]);
  for (const { datname } of rows) {
    await admin.query(`drop database if exists ${datname} with (force)`);
    console.log(`dropped ${datname}`);
  }
  await admin.end();
}
