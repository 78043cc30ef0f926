import "server-only";
import type { DbOrTx } from "@/server/db/client";
import { jobs } from "@/server/db/schema";
import { JOB_PAYLOADS, type JobName, type JobPayload } from "./job-payloads";

/**
 * Queues a job with a payload of its declared shape (a wrong one throws here, in the caller's
 * transaction); a `uniqueKey` makes enqueueing idempotent across retries and machines.
 */
export async function enqueueJob<N extends JobName>(
  db: DbOrTx,
  name: N,
  payload: JobPayload<N>,
  options: { uniqueKey?: string; runAt?: Date } = {},
): Promise<void> {
  const checked = JOB_PAYLOADS[name].parse(payload);
  await db
    .insert(jobs)
    .values({ name, payload: checked, uniqueKey: options.uniqueKey, runAt: options.runAt ?? new Date() })
    .onConflictDoNothing();
}
