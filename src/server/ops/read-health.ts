import "server-only";
import { sql } from "drizzle-orm";
import { getDbHandle } from "@/server/db/client";
import { appliedMigrationCount, expectedMigrationCount } from "@/server/db/migrate";

/** The health check's reading: throws when the database does not answer, else the applied and expected migration counts. */
export async function readHealth(): Promise<{ applied: number; expected: number }> {
  const handle = await getDbHandle();
  await handle.db.execute(sql`select 1`);
  const applied = await appliedMigrationCount(handle.db);
  const expected = expectedMigrationCount();
  return { applied, expected };
}
