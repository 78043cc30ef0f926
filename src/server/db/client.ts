import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { ExtractTablesWithRelations, SQL } from "drizzle-orm";
import pg from "pg";
import { serverEnv } from "@/env";
import { listenPostgres, type ListenHandlers, type Listening } from "./listen";
import { ownWriteFloor, replicaHasReplayed } from "./own-writes";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: use-cases accept both. */
export type DbOrTx = Db | Tx;

export interface DbHandle {
  db: Db;
  kind: "pglite" | "postgres";
  /** The connection pool behind `db` on Postgres (see batched-transaction.ts). */
  pool?: pg.Pool;
  /** LISTEN to a channel (docs/decisions/053-game-day-live.md): on PostgreSQL over a connection of its own. */
  listen(channel: string, handlers: ListenHandlers): Listening;
  /**
   * The live hub's reads (docs/decisions/053-game-day-live.md): on PostgreSQL one pooled connection
   * of their own, opened on first use, so a score change is read at once instead of queueing
   * behind a kickoff's page requests for the main pool (bench/live: 1.2 s of queueing at p99).
   * One read per change, never per viewer, so one connection is plenty.
   */
  liveDb(): Db;
  close(): Promise<void>;
}

// pg returns int8/numeric as strings; we keep tokens as integer cents and cast
// aggregates in SQL, so only bigint needs a parser (ids from bigserial).
pg.types.setTypeParser(20, (value) => Number(value));

/**
 * PostgreSQL's JIT compiles a query's expressions when its estimated cost passes
 * jit_above_cost. Our queries are short index walks whose estimates a season of
 * rows pushes over that line: the leaderboard page then spent 9.5 ms compiling
 * to run in 0.5 ms (docs/decisions/024-season-scale.md). Off for every
 * connection of the app, unless the URL sets its own `options`.
 */
const CONNECTION_OPTIONS = "-c jit=off";

export function openPostgres(url: string, poolSize = 10): DbHandle {
  const ownOptions = new URL(url).searchParams.has("options");
  const pool = new pg.Pool({ connectionString: url, max: poolSize, ...(ownOptions ? {} : { options: CONNECTION_OPTIONS }) });
  pool.on("error", (error) => console.error(JSON.stringify({ level: "error", msg: "pg pool error", error: error.message })));
  let live: { pool: pg.Pool; db: Db } | undefined;
  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    kind: "postgres",
    pool,
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
    liveDb: () => {
      if (!live) {
        const livePool = new pg.Pool({ connectionString: url, max: 1, ...(ownOptions ? {} : { options: CONNECTION_OPTIONS }) });
        livePool.on("error", (error) => console.error(JSON.stringify({ level: "error", msg: "pg live pool error", error: error.message })));
        live = { pool: livePool, db: drizzlePg(livePool, { schema }) as unknown as Db };
      }
      return live.db;
    },
    close: async () => {
      await Promise.all([pool.end(), live?.pool.end()]);
    },
  };
}

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<DbHandle> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // pg_trgm serves the admin players search by any part of a handle (drizzle/0031).
  const client = await PGlite.create(options.dataDir, { loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    // One process, one database: PGlite delivers NOTIFY to this process's own listeners.
    listen: (channel, handlers) => {
      const stop = client.listen(channel, handlers.onNotice).then((unlisten) => {
        handlers.onListening();
        return unlisten;
      });
      return { close: async () => void (await (await stop)()) };
    },
    // One connection in all: nothing to queue behind but this process's own queries.
    liveDb: () => db,
    close: () => client.close(),
  };
}

declare global {
  // One handle per process: PGlite must never be opened twice on one directory.
  var __takesDb: Promise<DbHandle> | undefined;
  var __takesReadDb: Promise<DbHandle> | undefined;
}

function openConfigured(): Promise<DbHandle> {
  const env = serverEnv();
  if (env.DATABASE_URL) return Promise.resolve(openPostgres(env.DATABASE_URL, env.DATABASE_POOL_SIZE));
  return openPglite({ dataDir: path.resolve(env.DATA_DIR) });
}

/** The process-wide database handle, opened lazily on first use (never at import). */
export function getDbHandle(): Promise<DbHandle> {
  globalThis.__takesDb ??= openConfigured();
  return globalThis.__takesDb;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** The replica's handle when DATABASE_READ_URL is set, else undefined. */
export async function getReplicaHandle(): Promise<DbHandle | undefined> {
  const url = serverEnv().DATABASE_READ_URL;
  if (!url) return undefined;
  globalThis.__takesReadDb ??= Promise.resolve(openPostgres(url, serverEnv().DATABASE_POOL_SIZE));
  return globalThis.__takesReadDb;
}

/**
 * For reads that may lag (leaderboards, lists): a replica when configured, except for a browser
 * whose own last write the replica has not replayed yet, whose reads stay on the primary until it
 * has (docs/decisions/032-read-replica.md).
 */
export async function getReadDb(): Promise<Db> {
  const replica = await getReplicaHandle();
  if (!replica?.pool) return getDb();
  const floor = await ownWriteFloor();
  if (floor !== null && !(await replicaHasReplayed(replica.pool, floor))) return getDb();
  return replica.db;
}

/** Tests install their own database (a fresh PGlite or an isolated Postgres). */
export function useDbHandle(handle: DbHandle): void {
  globalThis.__takesDb = Promise.resolve(handle);
  globalThis.__takesReadDb = undefined;
}

export async function closeDb(): Promise<void> {
  const handle = globalThis.__takesDb;
  globalThis.__takesDb = undefined;
  if (handle) await (await handle).close();
  const read = globalThis.__takesReadDb;
  globalThis.__takesReadDb = undefined;
  if (read) await (await read).close();
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. Cast aggregates in SQL (`::int`). */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
