// A throwaway, fully migrated PostgreSQL database for one benchmark run:
// created under a unique name next to BENCH_DATABASE_URL's database and
// dropped afterwards, whatever happens.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openPostgres, type DbHandle } from "@/server/db/client";
import { runMigrations } from "@/server/db/migrate";

export const BENCH_BASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface BenchDatabase {
  url: string;
  handle: DbHandle;
  /** A plain client for setup SQL (session settings, timing). */
  client: pg.Client;
  drop(): Promise<void>;
}

export async function createBenchDatabase(label: string): Promise<BenchDatabase> {
  const name = `takes_bench_${label}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: BENCH_BASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(BENCH_BASE_URL);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), 4);
  const client = new pg.Client({ connectionString: url.toString() });
  const drop = async () => {
    await client.end().catch(() => {});
    await handle.close().catch(() => {});
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  try {
    await runMigrations(handle, url.toString());
    await client.connect();
  } catch (error) {
    await drop();
    throw error;
  }
  return { url: url.toString(), handle, client, drop };
}

/** Runs `step`, prints how long it took, returns its result and the milliseconds. */
export async function timed<T>(label: string, step: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await step();
  const ms = performance.now() - started;
  console.log(`  ${label.padEnd(52)} ${ms.toFixed(0).padStart(7)} ms`);
  return { value, ms };
}

/** Bulk loads are faster with the secondary indexes built once afterwards, as a restore would. */
export async function withIndexesRebuiltAfter(client: pg.Client, table: string, load: () => Promise<void>) {
  const { rows } = await client.query<{ indexname: string; indexdef: string }>(
    `select i.indexname, i.indexdef from pg_indexes i
     where i.tablename = $1 and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [table],
  );
  for (const row of rows) await client.query(`drop index "${row.indexname}"`);
  await load();
  for (const row of rows) await client.query(row.indexdef);
}
