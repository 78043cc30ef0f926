import "server-only";
import { z } from "zod";
import { idSchema } from "@/domain/ids";

/**
 * Every queued job's name and the shape of its payload, checked when it is queued and again
 * when a worker runs it (a row written by an older release, or by hand, fails instead of being
 * coerced). Handlers live in tasks.ts; this module has none, so code that queues a job does not
 * load the worker (docs/decisions/028-durable-jobs.md).
 */
export const JOB_PAYLOADS = {
  "notify-pack-graded": z.object({ packId: idSchema() }),
} as const;

export type JobName = keyof typeof JOB_PAYLOADS;
export type JobPayload<N extends JobName> = z.infer<(typeof JOB_PAYLOADS)[N]>;
