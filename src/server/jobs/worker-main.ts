import "server-only";
// `npm run worker`: the background worker as a process of its own, so a deployment runs web
// instances with RUN_WORKER_IN_PROCESS=0 and as many worker processes as it likes beside them
// (docs/decisions/031-crash-safe-worker.md). Migrates first (under the same advisory lock as the
// web instances, so starting together is safe), never seeds. On SIGTERM or SIGINT it stops
// claiming work, lets the job or task it is running finish (at most SHUTDOWN_GRACE_MS), then
// closes its pool; anything cut short is claimed again after its lease (docs/decisions/028-durable-jobs.md).
import { serverEnv } from "@/env";
import { closeDb, getDbHandle } from "@/server/db/client";
import { runMigrations } from "@/server/db/migrate";
import { errorFields, log } from "@/server/ops/log";
import { startWorker } from "./worker";

const env = serverEnv();
if (!env.DATABASE_URL) {
  // PGlite allows one process per data directory: the web process runs the worker itself.
  console.error("npm run worker needs DATABASE_URL (PostgreSQL). With the embedded database the worker runs inside the web process.");
  process.exit(2);
}

const handle = await getDbHandle();
await runMigrations(handle, env.DATABASE_URL);
const stopWorker = startWorker();
log("info", "worker process ready", { pid: process.pid });

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log("info", "worker shutting down", { signal });
  // Past the grace period the process leaves anyway; the unfinished claim's lease brings it back.
  const deadline = setTimeout(() => {
    log("warn", "worker shutdown grace period over; leaving unfinished work to its lease", { graceMs: env.SHUTDOWN_GRACE_MS });
    process.exit(1);
  }, env.SHUTDOWN_GRACE_MS);
  try {
    await stopWorker();
    await closeDb();
  } catch (error) {
    log("error", "error during worker shutdown", errorFields(error));
  } finally {
    clearTimeout(deadline);
    process.exit(0);
  }
}
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
