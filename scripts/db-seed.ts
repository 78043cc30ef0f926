// `npm run db:seed [-- --force]`: migrate the configured database, then fill
// it with the demo world (src/server/db/seed.ts). Refuses a database that
// already has data unless --force, which wipes the demo content first.
import path from "node:path";
import { toE164 } from "@/domain/phone";
import { serverEnv } from "@/env";
import { closeDb, getDbHandle } from "@/server/db/client";
import { runMigrations } from "@/server/db/migrate";
import { DEMO_ADMIN_PHONE, DEMO_MEMBERS_PASSWORD, seedDemoData } from "@/server/db/seed";

const force = process.argv.slice(2).includes("--force");
const env = serverEnv();

function describeTarget(): string {
  if (!env.DATABASE_URL) return `the embedded database in ${path.resolve(env.DATA_DIR)}`;
  const url = new URL(env.DATABASE_URL);
  // Host and database name only: the URL may carry a password.
  return `postgres ${url.host}${url.pathname}`;
}

if (!env.DATABASE_URL) {
  console.warn(
    "Note: stop the app server first. The embedded database (PGlite) allows one process per data directory; two at once corrupt it.",
  );
}

try {
  const handle = await getDbHandle();
  await runMigrations(handle, env.DATABASE_URL);
  const adminPhone = env.adminPhones[0] ?? DEMO_ADMIN_PHONE;
  const result = await seedDemoData(handle.db, { force, adminPhone });
  if (result.seeded) {
    const counts = Object.entries(result.counts ?? {})
      .map(([name, count]) => `${count} ${name}`)
      .join(", ");
    // A configured password is a real secret: name its source rather than print it.
    const membersPassword = env.MEMBERS_PASSWORD?.trim() ? "from MEMBERS_PASSWORD" : `"${DEMO_MEMBERS_PASSWORD}"`;
    console.log(
      `Seeded demo data into ${describeTarget()}: ${counts}. Super admin phone ${toE164(adminPhone) ?? adminPhone}; members password ${membersPassword}.`,
    );
  } else {
    const hint = force ? "" : " (npm run db:seed -- --force)";
    console.log(`Nothing seeded in ${describeTarget()}: ${result.reason}${hint}.`);
  }
} catch (error) {
  console.error(`Seeding ${describeTarget()} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await closeDb();
}
