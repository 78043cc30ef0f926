import "server-only";
import { serverEnv } from "@/env";
import { frontDoor } from "@/front-door/bridge";
import { closeDb, getDbHandle } from "@/server/db/client";
import { runMigrations } from "@/server/db/migrate";
import { seedDemoData } from "@/server/db/seed";
import { startWorker } from "@/server/jobs/worker";
import { closeLiveStreams } from "@/server/live/hub";
import { checkPictureHosts } from "@/server/pictures/picture-hosts";
import { errorFields, log } from "./log";

declare global {
  var __takesBooted: Promise<void> | undefined;
}

/** Opens, migrates and (when empty) seeds the database, then starts the in-process worker. */
export function boot(): Promise<void> {
  globalThis.__takesBooted ??= bootOnce();
  return globalThis.__takesBooted;
}

async function bootOnce(): Promise<void> {
  const env = serverEnv();
  const started = Date.now();
  // Whether ESPN's picture host answers, known before the first page (docs/decisions/045-pictures-drawn-when-offline.md).
  void checkPictureHosts();
  const handle = await getDbHandle();
  await runMigrations(handle, env.DATABASE_URL);
  if (env.SEED_ON_START) {
    const result = await seedDemoData(handle.db, { adminPhone: env.adminPhones[0] });
    log("info", result.seeded ? "demo data seeded" : "seed skipped", { reason: result.reason });
  }
  const stopWorker = env.RUN_WORKER_IN_PROCESS ? startWorker() : async () => {};
  if (!env.RUN_WORKER_IN_PROCESS && handle.kind === "pglite") {
    // No other process can open the embedded database, so nothing will send texts or grade (docs/decisions/031-crash-safe-worker.md).
    log("warn", "RUN_WORKER_IN_PROCESS is off on the embedded database: no worker will run jobs or periodic tasks");
  }
  log("info", "server ready", { database: handle.kind, ms: Date.now() - started });

  // Under the production server, the front door owns SIGTERM (src/front-door/server.ts): it stops
  // accepting and calls this with a promise of the requests in flight; the pool closes only after
  // they and the running job are done (docs/decisions/031-crash-safe-worker.md).
  const onShutdown = async (requestsDone: Promise<void>) => {
    log("info", "shutting down the worker and, once requests finish, the database pool");
    // Live streams never finish by themselves: end them, and their browsers reconnect to an instance still up.
    await closeLiveStreams();
    await Promise.all([stopWorker(), requestsDone]);
    await closeDb();
  };
  const door = frontDoor();
  if (door) {
    door.onShutdown = onShutdown;
    return;
  }

  // `next dev`, `next start` and other hosts without the front door: Next drains its own server; stop ours.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log("info", "shutting down", { signal });
    try {
      await onShutdown(Promise.resolve());
    } catch (error) {
      log("error", "error during shutdown", errorFields(error));
    } finally {
      process.exit(0);
    }
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
}
