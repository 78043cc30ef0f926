#!/usr/bin/env node
// Benchmark (docs/decisions/062-league-standings.md, "Maintained season and week totals"): league
// standings at season scale. Loads a season database (a quarter season with BENCH_SIZE=ci, about a
// minute; a copy of scripts/bench-all.sh's season template when there is one: bench/season-database.mjs),
// then runs main.ts against it with the TypeScript loader and the server-only export condition the
// app code needs, and drops the database. Exits with main.ts's status (1 over budget, 2 failed).
import { spawnSync } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { adminUrl, createSeasonDatabase, databaseUrl } from "../season-database.mjs";

const CI = process.env.BENCH_SIZE === "ci";
const SEASON = process.env.BENCH_SEASON ?? (CI ? "quarter" : "full");
const dbName = `takes_bench_standings_${process.pid}`;

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
let status = 2;
try {
  await createSeasonDatabase(admin, dbName, SEASON, { prefix: "  [seed season]" });
  const main = path.join(import.meta.dirname, "main.ts");
  const env = { ...process.env, DATABASE_URL: databaseUrl(dbName), BENCH_SEASON: SEASON, NEXT_TELEMETRY_DISABLED: "1" };
  delete env.NODE_ENV;
  const result = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", main], { stdio: "inherit", env });
  status = result.status ?? 2;
} catch (error) {
  console.error(error);
} finally {
  await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
  await admin.end();
}
process.exit(status);
