import "server-only";
import type { DbOrTx } from "@/server/db/client";
import { jobs } from "@/server/db/schema";
// Types only: a module that queues a job must not load the worker and every
// task it runs (grading queues jobs and is itself a task: an import cycle).
import type { JOB_HANDLERS } from "./tasks";

/** Queues a job; a `uniqueKey` makes enqueueing idempotent across retries and machines. */
export async function enqueueJob(
  db: DbOrTx,
  name: keyof typeof JOB_HANDLERS,
  payload: Record<string, unknown>,
  options: { uniqueKey?: string; runAt?: Date } = {},
): Promise<void> {
  await db
    .insert(jobs)
    .values({ name, payload, uniqueKey: options.uniqueKey, runAt: options.runAt ?? new Date() })
    .onConflictDoNothing();
}
