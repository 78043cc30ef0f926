// `npm run db:migrate`: apply the committed migrations (drizzle/) to the
// configured database: DATABASE_URL, or the embedded one in DATA_DIR. The app
// also migrates on start; this is for deploys that migrate as their own step.
import path from "node:path";
import { serverEnv } from "@/env";
import { appliedMigrationCount, runMigrations } from "@/server/db/migrate";
import { closeDb, getDbHandle } from "@/server/db/client";

const env = serverEnv();
// Host and database name only: the URL may carry a password.
const target = env.DATABASE_URL
  ? `postgres ${new URL(env.DATABASE_URL).host}${new URL(env.DATABASE_URL).pathname}`
  : `the embedded database in ${path.resolve(env.DATA_DIR)}`;
if (!env.DATABASE_URL) {
  console.warn("Note: stop the app server first. The embedded database (PGlite) allows one process per data directory.");
}

try {
  const handle = await getDbHandle();
  await runMigrations(handle, env.DATABASE_URL);
  console.log(`Migrated ${target}: ${await appliedMigrationCount(handle.db)} migrations applied.`);
} catch (error) {
  console.error(`Migrating ${target} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await closeDb();
}
