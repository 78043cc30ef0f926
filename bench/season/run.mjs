#!/usr/bin/env node
// Season-scale benchmark (issue 20, docs/decisions/024-season-scale.md): do the
// pages stay fast once the database holds a season of history instead of the
// small demo world?
//
// Two databases are built in the same run: a demo-only one (`npm run db:seed`)
// and a demo + season one (`npm run db:seed -- --season=…`, src/server/db/season.ts:
// full is 2,500 graded packs, 30 open, 100,000 players, ~3,000,000 takes; a
// quarter season is 625 graded, 30 open, 25,000 players, ~750,000 takes). Both
// are vacuumed and analyzed (as autovacuum would leave them after a load), then
// one production server per database is started, and every important page and
// list API is requested on both, alternately (one request to the demo server,
// one to the season server, one at a time, which goes first swapping every
// round), so host speed drift cancels out of the comparison. Visitor pages, a
// signed-in player's pages (on the season database "every_pack_fan", who played
// every pack; on the demo database the demo player with the most takes) and the
// admin's packs and grading pages (the demo super admin, "commish"). Each target:
// 3 warm-up requests per server, then BENCH_SAMPLES samples per server (25), body read in full; p50 and p95 per server. A non-2xx answer
// (redirects are not followed) is a failure and its time is not counted.
//
// Budget: for every target, season p50 <= max(1.5 x demo p50, demo p50 + 10 ms)
// (the 10 ms floor keeps pages of a few milliseconds from failing on noise).
// Goal, printed only: season p50 <= 150 ms. Exits 1 when a target is over
// budget or could not be measured, 2 when the run itself failed.
//
// Sizes: BENCH_SIZE=ci loads a quarter season (what CI runs: about 80 s in all
// on a 2-core host, 40 s of it the season load); otherwise the full season
// (four times the rows: the load alone takes about 3 minutes). BENCH_SEASON=
// quarter|full overrides the size, BENCH_SAMPLES the samples, BENCH_PORT the
// first server's port (3295; the second server gets the next one).
// The whole run is bounded at 8 minutes (ci) or 15 (full).
//
// Needs a production build (`npm run build`; NEXT_DIST_DIR picks a side-by-side
// one) and PostgreSQL at BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres); creates and drops its own two
// databases, starts and stops its own servers. Writes bench/results/season.json.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { encode } from "next-auth/jwt";
import pg from "pg";
import { serverCommand } from "../../scripts/server-command.mjs";
import { adminUrl, createSeasonDatabase, databaseUrl, runSeed } from "../season-database.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const CI = process.env.BENCH_SIZE === "ci";
const SEASON = process.env.BENCH_SEASON ?? (CI ? "quarter" : "full");
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 25);
const WARMUP = 3;
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 3295);
const BUDGET_RATIO = 1.5;
const BUDGET_FLOOR_MS = 10;
const GOAL_MS = 150;
const TIMEOUT_MINUTES = CI ? 8 : 15;
const SECRET = "bench-secret-0123456789abcdef0123456789";

if (SEASON !== "quarter" && SEASON !== "full") {
  console.error(`BENCH_SEASON must be quarter or full, not "${SEASON}"`);
  process.exit(2);
}
if (!Number.isInteger(SAMPLES) || SAMPLES < 1) {
  console.error(`BENCH_SAMPLES must be a positive integer, not "${process.env.BENCH_SAMPLES}"`);
  process.exit(2);
}

// The two sides of every comparison.
const sides = [
  { key: "demo", label: "demo only", dbName: `takes_season_demo_${process.pid}`, port: FIRST_PORT },
  { key: "season", label: `demo + ${SEASON} season`, dbName: `takes_season_full_${process.pid}`, port: FIRST_PORT + 1 },
];
for (const side of sides) {
  side.dbUrl = databaseUrl(side.dbName);
  side.base = `http://127.0.0.1:${side.port}`;
}

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
// Bound the whole run even if something hangs (the full season load alone takes a few minutes).
const watchdog = setTimeout(async () => {
  console.error(`bench: timed out after ${TIMEOUT_MINUTES} minutes`);
  await cleanup();
  process.exit(2);
}, TIMEOUT_MINUTES * 60_000);
watchdog.unref();

const seconds = (from) => ((performance.now() - from) / 1000).toFixed(1);

async function main() {
  const started = performance.now();
  // NEXT_DIST_DIR picks a side-by-side build (next.config.ts); the servers started below inherit it.
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (!existsSync(path.join(root, distDir, "BUILD_ID"))) throw new Error(`No production build in ${distDir}: run \`npm run build\` first`);

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  cleanups.push(() => admin.end());
  for (const side of sides) cleanups.push(() => admin.query(`drop database if exists ${side.dbName} with (force)`));

  // Migrate and seed through the project's own CLI (scripts/db-seed.ts), as `npm run db:seed` does;
  // the season side is copied from this run's season template when there is one (bench/season-database.mjs).
  const demo = sides[0];
  const season = sides[1];
  let from = performance.now();
  await admin.query(`create database ${demo.dbName}`);
  await runSeed(demo.dbUrl, [], { prefix: "  [seed demo]", track });
  // A loaded database settles: autovacuum analyzes the new rows and sets the visibility map a
  // minute or so after a load. Do it now, so it neither runs during the measurements nor is missing.
  await withClient(demo.dbUrl, (db) => db.query("vacuum (analyze)"));
  console.log(`demo database seeded and vacuumed in ${seconds(from)} s`);
  const loadedLine = await createSeasonDatabase(admin, season.dbName, SEASON, { prefix: "  [seed season]", track });

  for (const side of sides) {
    side.db = new pg.Client({ connectionString: side.dbUrl });
    await side.db.connect();
    cleanups.push(() => side.db.end());
  }

  const host = await hostFacts(season.db);
  const counts = {};
  for (const side of sides) counts[side.key] = await rowCounts(side.db);
  console.log(`host: ${host.cores} cores (${host.cpu}), node ${process.version}, ${host.postgres}`);
  for (const side of sides) {
    const c = counts[side.key];
    console.log(
      `${side.label}: ${fmtInt(c.takes)} takes, ${fmtInt(c.packs)} packs (${fmtInt(c.gradedPacks)} graded, ${fmtInt(c.openPacks)} open), ${fmtInt(c.profiles)} profiles`,
    );
  }

  for (const side of sides) side.fixtures = await resolveFixtures(side, side === season);
  const targets = buildTargets(sides);

  // Both servers at once, so both are measured in the same minutes.
  from = performance.now();
  await Promise.all(sides.map((side) => startServer(side)));
  console.log(`servers ready in ${seconds(from)} s (${sides.map((s) => `${s.key} on :${s.port}`).join(", ")})`);

  // Before timing anything: the pages list what they must at this size (issue 20's acceptance).
  const listed = await checkListings(season);

  console.log(`\nmeasuring ${targets.length} targets: ${WARMUP} warm-up + ${SAMPLES} samples per server, the two servers alternately`);
  const results = [];
  for (const target of targets) results.push(await measureTarget(target));

  const ok = report(results, { host, counts }) && listed.ok;
  const summary = {
    season: SEASON,
    samples: SAMPLES,
    warmup: WARMUP,
    budget: {
      rule: `season p50 <= max(${BUDGET_RATIO} x demo p50, demo p50 + ${BUDGET_FLOOR_MS} ms)`,
      ratio: BUDGET_RATIO,
      floorMs: BUDGET_FLOOR_MS,
    },
    goal: { seasonP50Ms: GOAL_MS, enforced: false },
    seasonLoad: loadedLine,
    host,
    counts,
    targets: results,
    seconds: Number(seconds(started)),
    withinBudget: ok,
    listings: listed,
  };
  mkdirSync(path.join(root, "bench", "results"), { recursive: true });
  writeFileSync(path.join(root, "bench", "results", "season.json"), JSON.stringify(summary, null, 2));
  console.log(`(whole run ${seconds(started)} s; figures in bench/results/season.json)`);
  return ok;
}

/** Lines of a child's stdout/stderr, echoed with a prefix and collected. */
function pipeLines(stream, prefix, sink) {
  readline.createInterface({ input: stream }).on("line", (line) => {
    sink?.push(line);
    console.log(`${prefix} ${line}`);
  });
}

/** `node --conditions=react-server --import tsx scripts/db-seed.ts …args` against the side's database. */
/** Registers a cleanup and returns its remover (for a child that may end before the run does). */
function track(kill) {
  cleanups.push(kill);
  return () => cleanups.splice(cleanups.indexOf(kill), 1);
}

async function withClient(url, work) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

async function startServer(side) {
  // The server runs as deployed (scripts/server-command.mjs); BENCH_NODE_ARGS adds flags (e.g. --cpu-prof).
  const [command, args] = serverCommand(
    ["-p", String(side.port), "-H", "127.0.0.1"],
    process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(" ") : [],
  );
  const server = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(side.port),
      DATABASE_URL: side.dbUrl,
      SEED_ON_START: "0",
      RUN_WORKER_IN_PROCESS: "0",
      NEXTAUTH_SECRET: SECRET,
      NEXTAUTH_URL: side.base,
      SMS_TRANSPORT: "log",
      SMS_ALLOW_LOG_IN_PRODUCTION: "1",
      LOG_LEVEL: "warn",
      NEXT_TELEMETRY_DISABLED: "1",
      // What a page costs to render at season scale, not what a cached copy costs to send: with the
      // shared page cache on, most targets would measure a hit (docs/decisions/025-shared-page-cache.md).
      // bench/surge measures the cache. BENCH_PAGE_CACHE=on measures as deployed.
      PAGE_CACHE: process.env.BENCH_PAGE_CACHE === "on" ? "on" : "off",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  side.server = server;
  pipeLines(server.stdout, `  [server ${side.key}]`);
  pipeLines(server.stderr, `  [server ${side.key}]`);
  const exited = new Promise((resolve) => server.once("exit", resolve));
  cleanups.push(async () => {
    if (server.exitCode === null) server.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (server.exitCode === null) server.kill("SIGKILL");
  });
  await waitForHealth(side);
}

async function waitForHealth(side) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (side.server.exitCode !== null) throw new Error(`the ${side.key} server exited during start`);
    try {
      const response = await fetch(`${side.base}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the ${side.key} server did not become healthy in 60 s`);
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

const fmtInt = (n) => Number(n).toLocaleString("en-US");

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

/** Ids and cookies for the targets, from the side's own database. */
async function resolveFixtures(side, isSeason) {
  const one = async (text, params = []) => (await side.db.query(text, params)).rows[0] ?? null;
  const profileColumns = "p.id, p.handle, p.phone, p.super_admin, p.session_version";
  // The season's first open pack (season-<gradedPacks + 1>: the earliest close) on the season
  // database; any open pack on the demo database.
  const openPack = await one(
    `select pack_url from packs where status = 'open' ${isSeason ? "order by (pack_url like 'season-%') desc, close_time nulls last" : "order by close_time nulls last"} limit 1`,
  );
  const player = isSeason
    ? await one(`select ${profileColumns} from profiles p where p.handle = 'every_pack_fan'`)
    : await one(
        `select ${profileColumns} from profiles p join takes t on t.profile_id = p.id
         where not p.super_admin group by p.id order by count(*) desc, p.handle limit 1`,
      );
  const admin = await one(
    `select ${profileColumns} from profiles p where p.super_admin order by (p.handle = 'commish') desc, p.created_at limit 1`,
  );
  const fixtures = {
    packURL: openPack?.pack_url ?? null,
    player: player ? { handle: player.handle, cookie: await sessionCookie(player) } : null,
    admin: admin ? { handle: admin.handle, cookie: await sessionCookie(admin) } : null,
  };
  if (isSeason) {
    // The NFL or MLB team with the most packs on the season database; its route slug as the
    // app builds it (src/server/teams/team-route-slug.ts: an MLB team sharing an NFL slug is `mlb-<slug>`).
    const team = await one(
      `select case when t.league <> 'nfl' and exists (select 1 from teams o where o.team_type = 'team' and o.league = 'nfl' and o.slug = t.slug)
                   then t.league || '-' || t.slug else t.slug end as route_slug,
              count(distinct pe.pack_id)::int as packs
       from teams t
       join events e on t.id in (e.home_team_id, e.away_team_id)
       join pack_events pe on pe.event_id = e.id
       where t.team_type = 'team' and t.league in ('nfl', 'mlb')
       group by t.id order by packs desc, t.slug limit 1`,
    );
    fixtures.teamSlug = team?.route_slug ?? null;
    fixtures.teamPacks = team?.packs ?? 0;
  }
  if (player) Object.assign(fixtures, await groupFixtures(side, player.id, isSeason));
  const who = (p) => (p ? `@${p.handle}` : "none");
  console.log(
    `${side.label}: open pack ${fixtures.packURL ?? "none"}, player ${who(fixtures.player)}, admin ${who(fixtures.admin)}${isSeason ? `, team ${fixtures.teamSlug ?? "none"} (${fixtures.teamPacks} packs)` : ""}`,
  );
  return fixtures;
}

/**
 * Groups (issue 42, docs/decisions/066-groups.md): the bench's player owns a group of 5,000 members
 * on the season database (every player of the demo database on the demo one) and is in 50 groups
 * in all, written straight into the tables with their maintained counts, then analyzed.
 */
async function groupFixtures(side, playerId, isSeason) {
  const members = isSeason ? 5000 : 50;
  const query = (text, params) => side.db.query(text, params);
  const [{ id: groupId }] = (
    await query(
      `insert into groups (name, picture_seed, owner_profile_id, invite_token, member_count)
       values ('Bench crew', 'bench', $1, md5(random()::text), 0) returning id`,
      [playerId],
    )
  ).rows;
  await query(
    `insert into group_members (group_id, profile_id, role, joined_at)
     select $1, p.id, case when p.id = $2 then 'owner' else 'member' end, now() - (row_number() over (order by p.id)) * interval '1 second'
     from (select id from profiles where id = $2 union all (select id from profiles where id <> $2 and phone is not null order by id limit $3 - 1)) p`,
    [groupId, playerId, members],
  );
  await query(`update groups set member_count = (select count(*) from group_members where group_id = $1) where id = $1`, [groupId]);
  // 49 more small groups, each owned by the player with a few others.
  await query(
    `with made as (
       insert into groups (name, picture_seed, owner_profile_id, invite_token, member_count)
       select 'Bench group ' || n, null, $1, md5(random()::text || n), 1 from generate_series(1, 49) n returning id)
     insert into group_members (group_id, profile_id, role) select id, $1, 'owner' from made`,
    [playerId],
  );
  await query("analyze groups; analyze group_members");
  return { groupId };
}

/**
 * With a season of graded packs behind them, every open and coming-soon pack is on `/` ("All",
 * through "Show more packs"), on `/packs`, in `/api/packs?view=Open` (through its cursor) and on its
 * teams' pages, and an old graded pack is still reachable by its day (docs/decisions/020-feed-window.md,
 * docs/decisions/035-feed-in-sql.md). Read through the real pages of the season server, as a visitor.
 */
async function checkListings(side) {
  const current = (
    await side.db.query(
      // Route slugs as the app builds them (src/server/teams/team-route-slug.ts); "accepting" as
      // isAcceptingTakes says (src/domain/pack-state.ts): the packs of the Open view.
      `select p.pack_url, (p.open_time is null or p.open_time <= now()) as accepting,
              array_agg(distinct case when t.league <> 'nfl' and exists (select 1 from teams o where o.team_type = 'team' and o.league = 'nfl' and o.slug = t.slug)
                                      then t.league || '-' || t.slug else t.slug end) filter (where t.slug is not null) as teams
       from packs p left join pack_events pe on pe.pack_id = p.id left join events e on e.id = pe.event_id
       left join teams t on t.id in (e.home_team_id, e.away_team_id) and t.team_type = 'team'
       where p.status in ('open', 'coming-soon') and (p.close_time is null or p.close_time > now())
       group by p.id`,
    )
  ).rows;
  const old = (
    await side.db.query(
      `select p.pack_url, to_char(coalesce(min(e.start_time), p.open_time, p.close_time) at time zone 'America/New_York', 'YYYY-MM-DD') as day
       from packs p left join pack_events pe on pe.pack_id = p.id left join events e on e.id = pe.event_id
       where p.status = 'graded' and p.close_time < now() - interval '60 days' group by p.id order by p.close_time limit 1`,
    )
  ).rows[0];
  const page = async (p) => {
    const response = await fetch(side.base + p, { redirect: "manual" });
    if (response.status !== 200) throw new Error(`${p}: HTTP ${response.status}`);
    return response.text();
  };
  /** The pack links of a page and every "Show more" page after it (at most 20 pages). */
  const links = async (first) => {
    const found = new Set();
    let next = first;
    for (let i = 0; next && i < 20; i++) {
      const html = await page(next);
      // A card names its pack (data-pack); a coming-soon card has no link yet. Team pages link their packs.
      for (const match of html.matchAll(/(?:data-pack="|href="\/packs\/)([^"?#/]+)"/g)) found.add(decodeURIComponent(match[1]));
      const more = /href="([^"]*show=\d+[^"]*)"[^>]*>\s*Show more/.exec(html);
      next = more ? more[1].replace(/&amp;/g, "&") : null;
    }
    return found;
  };
  const missing = [];
  const miss = (where, urls, set) => {
    const absent = urls.filter((url) => !set.has(url));
    if (absent.length) missing.push(`${where}: ${absent.length} missing (${absent.slice(0, 3).join(", ")})`);
  };
  const urls = current.map((r) => r.pack_url);
  miss("/?day=all", urls, await links("/?day=all"));
  miss("/packs", urls, await links("/packs"));
  const api = new Set();
  let cursor = null;
  for (let i = 0; i < 50; i++) {
    const body = JSON.parse(await page(`/api/packs?view=Open${cursor ? `&cursor=${cursor}` : ""}`));
    for (const pack of body.packs) api.add(pack.packURL);
    cursor = body.nextCursor;
    if (!cursor) break;
  }
  miss(
    "/api/packs?view=Open",
    current.filter((r) => r.accepting).map((r) => r.pack_url),
    api,
  );
  const byTeam = new Map();
  for (const row of current) for (const slug of row.teams ?? []) byTeam.set(slug, [...(byTeam.get(slug) ?? []), row.pack_url]);
  const [teamSlug, teamPacks] = [...byTeam.entries()].sort((a, b) => b[1].length - a[1].length)[0] ?? [null, []];
  if (teamSlug) miss(`/teams/${teamSlug}`, teamPacks, await links(`/teams/${teamSlug}`));
  if (old) miss(`/?date=${old.day}`, [old.pack_url], await links(`/?date=${old.day}`));
  const ok = missing.length === 0;
  console.log(
    `listings: ${urls.length} open and coming-soon packs on /, /packs and the open packs API` +
      `${teamSlug ? `, ${teamPacks.length} on /teams/${teamSlug}` : ""}${old ? `, graded ${old.pack_url} on /?date=${old.day}` : ""}: ${ok ? "all listed" : `MISSING: ${missing.join("; ")}`}`,
  );
  return { ok, openPacks: urls.length, missing };
}

/** The targets, each with its path and cookie per side (null path: could not be resolved there). */
function buildTargets([demo, season]) {
  // The team with the most season packs; the same slug on the demo database.
  demo.fixtures.teamSlug = season.fixtures.teamSlug;
  const target = (label, who, pathOf) => ({
    label,
    who,
    requests: Object.fromEntries(
      [demo, season].map((side) => {
        const f = side.fixtures;
        const as = who === "player" ? f.player : who === "admin" ? f.admin : null;
        const p = pathOf(f);
        return [
          side.key,
          {
            base: side.base,
            path: p,
            cookie: as?.cookie ?? null,
            missing: who !== "visitor" && !as ? `no ${who}` : p ? null : "unresolved",
          },
        ];
      }),
    ),
  });
  const pack = (f) => (f.packURL ? encodeURIComponent(f.packURL) : null);
  const team = (f) => (f.teamSlug ? encodeURIComponent(f.teamSlug) : null);
  const own = (f) => (f.player ? `/profile/${encodeURIComponent(f.player.handle)}` : null);
  return [
    target("home", "visitor", () => "/"),
    target("packs", "visitor", () => "/packs"),
    target("open packs API", "visitor", () => "/api/packs?view=Open"),
    target("open pack page", "visitor", (f) => pack(f) && `/packs/${pack(f)}`),
    target("leaderboard", "visitor", () => "/leaderboard"),
    target("leaderboard API", "visitor", () => "/api/leaderboard"),
    target("team page", "visitor", (f) => team(f) && `/teams/${team(f)}`),
    target("marketplace", "visitor", () => "/marketplace"),
    target("home", "player", () => "/"),
    target("own profile", "player", own),
    target("open pack page", "player", (f) => pack(f) && `/packs/${pack(f)}`),
    target("userTakes API", "player", () => "/api/userTakes"),
    // A group of 5,000 members on the season database, and a player in 50 groups (docs/decisions/066-groups.md).
    target("group page", "player", (f) => f.groupId && `/groups/${f.groupId}?tab=season`),
    target("group board API", "player", (f) => f.groupId && `/api/groups/${f.groupId}/board?tab=all`),
    target("my groups API", "player", () => "/api/groups"),
    target("hub", "admin", () => "/admin"),
    target("packs page", "admin", () => "/admin/packs"),
    target("packs API", "admin", () => "/api/admin/packs"),
    target("grade pack page", "admin", (f) => pack(f) && `/admin/grade/${pack(f)}`),
    target("packs to grade API", "admin", () => "/api/admin/gradePacks"),
    target("props to grade API", "admin", () => "/api/admin/gradeProps"),
  ];
}

/** One request, body read in full: {ms} on 2xx, {error} otherwise (redirects are not followed). */
async function timedRequest({ base, path: p, cookie }) {
  const startedAt = performance.now();
  try {
    const response = await fetch(base + p, { redirect: "manual", headers: cookie ? { cookie } : {} });
    const body = await response.arrayBuffer();
    const ms = performance.now() - startedAt;
    if (response.status >= 200 && response.status <= 299) return { ms };
    const location = response.headers.get("location");
    const text = Buffer.from(body).toString("utf8").replace(/\s+/g, " ").slice(0, 160);
    return { error: `HTTP ${response.status}${location ? ` -> ${location}` : ""}${text ? `: ${text}` : ""}` };
  } catch (error) {
    return { error: `${error.name}: ${error.message}` };
  }
}

const percentile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : null);
const round1 = (x) => (x === null ? null : Math.round(x * 10) / 10);

/** Warm-up then SAMPLES rounds, each one request to each server, the first server swapping every round. */
async function measureTarget(target) {
  const keys = ["demo", "season"];
  const name = `${target.who} ${target.label}`;
  const result = { target: name, who: target.who, paths: {}, failures: [] };
  for (const key of keys) result.paths[key] = target.requests[key].path;
  const missing = keys.filter((key) => target.requests[key].missing);
  if (missing.length) {
    for (const key of missing) result.failures.push(`${key}: ${target.requests[key].missing}`);
    return finish(result, {});
  }
  const times = { demo: [], season: [] };
  for (let round = 0; round < WARMUP + SAMPLES; round++) {
    const order = round % 2 ? [...keys].reverse() : keys;
    for (const key of order) {
      const answer = await timedRequest(target.requests[key]);
      if (answer.error) {
        if (result.failures.length < 5) result.failures.push(`${key} ${target.requests[key].path}: ${answer.error}`);
        else if (result.failures.length === 5) result.failures.push("…");
      } else if (round >= WARMUP) {
        times[key].push(answer.ms);
      }
    }
    // A target that fails on its first requests keeps failing: do not spend the run on it.
    if (round === 0 && result.failures.length) break;
  }
  return finish(result, times);
}

function finish(result, times) {
  for (const key of ["demo", "season"]) {
    const sorted = [...(times[key] ?? [])].sort((a, b) => a - b);
    result[key] = { p50: round1(percentile(sorted, 0.5)), p95: round1(percentile(sorted, 0.95)), samples: sorted.length };
  }
  const { demo, season } = result;
  result.failed = result.failures.length > 0 || demo.samples === 0 || season.samples === 0;
  if (!result.failed) {
    result.ratio = Math.round((season.p50 / demo.p50) * 100) / 100;
    result.allowedP50 = round1(Math.max(BUDGET_RATIO * demo.p50, demo.p50 + BUDGET_FLOOR_MS));
    result.overBudget = season.p50 > result.allowedP50;
    result.overGoal = season.p50 > GOAL_MS;
  }
  const status = result.failed
    ? `FAILED (${result.failures.join("; ")})`
    : `demo p50 ${demo.p50} ms, season p50 ${season.p50} ms (${result.ratio}x)${result.overBudget ? " OVER" : ""}`;
  console.log(`  ${result.target}: ${status}`);
  return result;
}

function report(results, { host, counts }) {
  const fmt = (x) => (x === null || x === undefined ? "-" : x.toFixed(1));
  const header = ["target", "demo p50", "demo p95", "season p50", "season p95", "ratio", "allowed", "marks"];
  const rows = results.map((r) => [
    `${r.target} (${r.paths.season ?? r.paths.demo ?? "?"})`,
    fmt(r.demo.p50),
    fmt(r.demo.p95),
    fmt(r.season.p50),
    fmt(r.season.p95),
    r.failed ? "-" : `${r.ratio.toFixed(2)}x`,
    r.failed ? "-" : fmt(r.allowedP50),
    r.failed ? "FAILED" : [r.overBudget ? "OVER 1.5x" : "", r.overGoal ? `> ${GOAL_MS} ms goal` : ""].filter(Boolean).join(", "),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) =>
    cells
      .map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join("  ")
      .trimEnd();
  const s = counts.season;
  console.log(
    `\nseason pages, ms (${SAMPLES} samples per server after ${WARMUP} warm-up; host ${host.cores} cores, ${host.cpu}, ${host.postgres})`,
  );
  console.log(
    `season database: ${SEASON} season, ${fmtInt(s.takes)} takes, ${fmtInt(s.packs)} packs, ${fmtInt(s.profiles)} profiles; demo database: ${fmtInt(counts.demo.takes)} takes, ${fmtInt(counts.demo.packs)} packs, ${fmtInt(counts.demo.profiles)} profiles`,
  );
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of rows) console.log(line(row));
  for (const r of results.filter((x) => x.failed)) console.log(`failed: ${r.target}: ${r.failures.join("; ") || "no samples"}`);
  const over = results.filter((r) => !r.failed && r.overBudget);
  const failed = results.filter((r) => r.failed);
  const overGoal = results.filter((r) => !r.failed && r.overGoal);
  console.log(
    `\nbudget: every target's season p50 <= max(${BUDGET_RATIO}x its demo p50, demo p50 + ${BUDGET_FLOOR_MS} ms): ` +
      `${results.length - over.length - failed.length} of ${results.length} within, ${over.length} over, ${failed.length} failed to measure`,
  );
  console.log(
    `goal (reported, not enforced): season p50 <= ${GOAL_MS} ms: ${results.length - overGoal.length - failed.length} of ${results.length} meet it${overGoal.length ? ` (over: ${overGoal.map((r) => r.target).join(", ")})` : ""}`,
  );
  const ok = over.length === 0 && failed.length === 0;
  console.log(ok ? "WITHIN BUDGET" : "OVER BUDGET");
  return ok;
}

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
