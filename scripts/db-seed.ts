// `npm run db:seed [-- --force]`: migrate the configured database, then fill
// it with the demo world (src/server/db/seed.ts). Refuses a database that
// already has data unless --force, which wipes the demo content first.
//
// `npm run db:seed -- --season[=full|quarter]` then loads a season of history
// next to the demo world (src/server/db/season.ts; full: 2,500 graded packs,
// 30 open, 100,000 players, ~3,000,000 takes, a few minutes on PostgreSQL), so
// anyone can try the app at scale. An empty database gets the demo world first.
import path from "node:path";
import { toE164 } from "@/domain/phone";
import { serverEnv } from "@/env";
import { closeDb, getDbHandle } from "@/server/db/client";
import { runMigrations } from "@/server/db/migrate";
import { loadSeason, SEASON_HEAVY_HANDLE, SEASON_SIZES } from "@/server/db/season";
import { DEMO_ADMIN_PHONE, DEMO_MEMBERS_PASSWORD, seedDemoData } from "@/server/db/seed";

const cliArgs = process.argv.slice(2);
const force = cliArgs.includes("--force");
const seasonArg = cliArgs.find((arg) => arg === "--season" || arg.startsWith("--season="));
const seasonName = seasonArg?.split("=")[1] ?? (seasonArg ? "full" : undefined);
if (seasonName !== undefined && seasonName !== "full" && seasonName !== "quarter") {
  console.error(`Unknown season size "${seasonName}": use --season, --season=full or --season=quarter.`);
  process.exit(2);
}
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
  } else if (!seasonName) {
    const hint = force ? "" : " (npm run db:seed -- --force)";
    console.log(`Nothing seeded in ${describeTarget()}: ${result.reason}${hint}.`);
  }
  if (seasonName) {
    console.log(`Loading a ${seasonName} season into ${describeTarget()}…`);
    const season = await loadSeason(handle.db, SEASON_SIZES[seasonName as keyof typeof SEASON_SIZES]);
    if (!season.loaded) {
      console.log(`No season loaded: ${season.reason}.`);
    } else {
      const counts = Object.entries(season.counts ?? {})
        .map(([name, count]) => `${count.toLocaleString("en-US")} ${name}`)
        .join(", ");
      console.log(
        `Loaded a ${seasonName} season in ${season.seconds} s: ${counts}. The player "${SEASON_HEAVY_HANDLE}" played every pack.`,
      );
    }
  }
} catch (error) {
  console.error(`Seeding ${describeTarget()} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await closeDb();
}
