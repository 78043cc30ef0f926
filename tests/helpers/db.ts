import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { closeDb, openPglite, openPostgres, useDbHandle, type DbHandle } from "@/server/db/client";

export const testDbKind = (): "pglite" | "postgres" => (process.env.TEST_DB === "postgres" ? "postgres" : "pglite");

/**
 * A fresh, migrated, empty database for one test file, installed as the
 * process database so route handlers and use-cases use it. On postgres each
 * file gets its own database cloned from the migrated template.
 */
export async function createTestDb(): Promise<DbHandle & { url?: string }> {
  if (testDbKind() === "postgres") {
    const baseUrl = process.env.TEST_DATABASE_URL!;
    const name = `takes_t_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject("pgTemplate")}`);
    // Commits return before their WAL is on disk: nothing a test sees changes (docs/TESTING.md, "Two databases").
    await admin.query(`alter database ${name} set synchronous_commit = off`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    const handle = openPostgres(url.toString(), 30);
    const wrapped: DbHandle & { url: string } = {
      ...handle,
      // For a child process (a worker) that must use the same database.
      url: url.toString(),
      close: async () => {
        await handle.close();
        const dropper = new pg.Client({ connectionString: baseUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
    useDbHandle(wrapped);
    return wrapped;
  }
  const dump = new Blob([readFileSync(inject("pgliteTemplate"))]);
  const handle = await openPglite({ loadDataDir: dump });
  useDbHandle(handle);
  return handle;
}

export async function closeTestDb(): Promise<void> {
  await closeDb();
}
