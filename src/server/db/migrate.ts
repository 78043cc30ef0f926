import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import pg from "pg";
import { type Db, type DbHandle } from "./client";
import { rowShape, selectRows } from "@/server/db/rows";

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "drizzle");
// Any constant: every instance that starts at once takes the same advisory lock.
const MIGRATION_LOCK_KEY = 727_001;

/** Applies committed migrations; safe when several app instances start together. */
export async function runMigrations(handle: DbHandle, postgresUrl?: string): Promise<void> {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  if (!postgresUrl) throw new Error("runMigrations on postgres needs its URL");
  // Advisory locks are per session, so migrate on one dedicated connection.
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}

export function expectedMigrationCount(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

export async function appliedMigrationCount(db: Db): Promise<number> {
  const [row] = await selectRows(
    db,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    rowShape((r) => ({ n: r.int("n") })),
  );
  return Number(row?.n ?? 0);
}
