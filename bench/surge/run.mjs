#!/usr/bin/env node
// Kickoff surge benchmark (issue 20, "Kickoff surge"; docs/decisions/024-season-scale.md):
// minutes before a big game, thousands of players open the app at once: they
// load the home page, the packs list and today's packs, their browsers ask for
// the session (which carries the balance pill), and some of them submit their picks. Does one
// production server on a season's worth of data keep answering, quickly and
// without errors, while that mix arrives all at once?
//
// One database with the demo world and a season (`npm run db:seed -- --season=…`,
// src/server/db/season.ts: full is 2,500 graded packs, 30 open, 100,000 players,
// ~3,000,000 takes; a quarter season 625 graded, 30 open, 25,000 players, ~750,000
// takes), vacuumed and analyzed as autovacuum would leave it, and one production
// server on it. BENCH_PLAYERS (5,000) season players spread over the season get a
// real session cookie each.
//
//   0. Smoke test: each target once (and one submission by a player kept out of
//      the mix); a failure is printed with its answer and the run goes on.
//   1. Trivial route: GET /api/ping on 100 connections, 5 s of warm-up then 10 s
//      measured (autocannon): what this host and server answer when the route
//      costs nothing.
//   2. Kickoff mix: 100 connections, 5 s of warm-up then BENCH_SURGE_SECONDS
//      measured (60; 30 at CI size), each request drawn from a prebuilt,
//      shuffled list (seeded, so every run asks the same things in the same order),
//      in blocks of 90: 70 page and list reads (~78%: `/` as visitor and as a
//      player, `/packs`, the first 10 open season packs' pages as visitor and as a
//      player, `/leaderboard`, `/api/packs?view=Open`, `/api/leaderboard`); 15
//      (~17%) the one request a signed-in browser makes on every page load,
//      `/api/auth/session` from src/components/shell/session.tsx, whose answer
//      carries the header's balance (issue 36; until then the header also asked
//      `/api/profile/{handle}?select=tokens`, 10 more in blocks of 100). The
//      session keeps its weight of 15 because a page load asks it once, as it
//      did: only the balance request left, so runs before and after compare the
//      same pages and sessions with and without it (each session answer now
//      also sums the player's ledger); 5 (~6%) take
//      submissions (POST /api/packs/season-<n>/takes with every prop of one of
//      the 10 open packs and a fresh idempotencyKey, each by a player who has not
//      submitted in this run and holds no receipt on that pack, so neither a 409
//      nor the per-player write limit's 429 has any reason to appear).
//
// Budget (issue 20): during the mix 0 errors (any non-2xx answer, socket error
// or timeout, warm-up included: a kickoff has no warm-up) and 0 answers >= 500;
// p99 <= 500 ms; mix throughput >= 50% of the trivial route's. Each is printed
// with its margin, with per-category figures, CPU per request and the host facts
// (cores, CPU, PostgreSQL version) the figures depend on. Exits 1 when over
// budget, 2 when the run itself failed. Writes bench/results/surge.json.
//
// Sizes: BENCH_SIZE=ci loads a quarter season and measures the mix for 30 s
// (about 2 minutes in all on a 2-core host, ~40 s of it the season load);
// otherwise the full season (its load alone takes about 3 minutes) and 60 s.
// BENCH_SEASON=quarter|full and BENCH_SURGE_SECONDS override; BENCH_PORT picks
// the server's port (3297). Bounded at 6 minutes (ci) or 12 (full).
//
// Needs a production build (`npm run build`; NEXT_DIST_DIR picks a side-by-side
// one) and PostgreSQL at BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres); creates and drops its own
// database, starts and stops its own server.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  CONNECTIONS,
  MIX,
  SEASON,
  SURGE_SECONDS,
  TRIVIAL_SECONDS,
  WARMUP_SECONDS,
  BUDGET_P99_MS,
  BUDGET_RATIO,
  CI,
  prepareKickoff,
  receiptsStoredSince,
  reportMix,
  root,
  runBench,
  runMix,
  runTrivial,
  seconds,
  startWatchdog,
} from "./kickoff.mjs";

// The setup, the mix, the load generator and the judging live in ./kickoff.mjs, shared with
// bench/live (the same mix while thousands of live streams are open).
const PORT = Number(process.env.BENCH_PORT ?? 3297);
startWatchdog(CI ? 6 : 12);

async function main() {
  const started = performance.now();
  const { db, loadedLine, host, counts, fixtures, mix, smokeFailures } = await prepareKickoff({ dbPrefix: "takes_surge", port: PORT });

  console.log(`\n1. trivial route: GET /api/ping, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${TRIVIAL_SECONDS} s measured`);
  const trivial = await runTrivial();
  console.log(`\n2. kickoff mix: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SURGE_SECONDS} s measured`);
  const surgeStartedAt = new Date();
  const surge = await runMix(mix);
  surge.receiptsStored = await receiptsStoredSince(db, surgeStartedAt);

  const { checks } = reportMix({ host, counts, trivial, surge, mix });
  console.log("\nbudget (issue 20):");
  for (const check of checks) console.log(`  ${check.ok ? "ok  " : "OVER"} ${check.text}`);
  const ok = checks.every((c) => c.ok);
  console.log(ok ? "WITHIN BUDGET" : "OVER BUDGET");
  const summary = {
    season: SEASON,
    seasonLoad: loadedLine,
    connections: CONNECTIONS,
    warmupSeconds: WARMUP_SECONDS,
    trivialSeconds: TRIVIAL_SECONDS,
    surgeSeconds: SURGE_SECONDS,
    players: fixtures.players.length,
    openPacks: fixtures.packs.map((p) => p.url),
    mix: MIX.map(({ label, category, who, weight }) => ({ label, category, who, weight })),
    budget: { errors: 0, responsesAtLeast500: 0, p99Ms: BUDGET_P99_MS, minThroughputRatio: BUDGET_RATIO },
    host,
    counts,
    smokeFailures,
    trivial,
    surge,
    checks,
    seconds: Number(seconds(started)),
    withinBudget: ok,
  };
  mkdirSync(path.join(root, "bench", "results"), { recursive: true });
  writeFileSync(path.join(root, "bench", "results", "surge.json"), JSON.stringify(summary, null, 2));
  console.log(`(whole run ${seconds(started)} s; figures in bench/results/surge.json)`);
  return ok;
}

runBench(main);
