import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { jobs } from "@/server/db/schema";
import { errorFields, log } from "@/server/ops/log";
import { JOB_HANDLERS, PERIODIC_TASKS } from "./tasks";

const WORKER_ID = `worker-${process.pid}-${randomUUID().slice(0, 8)}`;
const POLL_MS = 2_000;
const MAX_ATTEMPTS = 5;

/**
 * Claims due jobs with FOR UPDATE SKIP LOCKED (several workers never take the
 * same job), runs each, and records success or a retry with backoff.
 */
export async function runDueJobs(limit = 10): Promise<number> {
  const db = await getDb();
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.status, "queued"), lte(jobs.runAt, new Date())))
      .orderBy(jobs.runAt)
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(jobs)
      .set({ status: "running", lockedAt: new Date(), lockedBy: WORKER_ID, attempts: sql`${jobs.attempts} + 1` })
      .where(inArray(jobs.id, due.map((j) => j.id)))
      .returning();
  });
  for (const job of claimed) {
    const handler = JOB_HANDLERS[job.name as keyof typeof JOB_HANDLERS];
    try {
      if (!handler) throw new Error(`No handler for job ${job.name}`);
      await handler(job.payload as Record<string, unknown>);
      await db.update(jobs).set({ status: "done", finishedAt: new Date(), lastError: null }).where(eq(jobs.id, job.id));
    } catch (error) {
      const giveUp = job.attempts >= MAX_ATTEMPTS;
      const backoffMs = 1_000 * 2 ** job.attempts;
      log(giveUp ? "error" : "warn", "job failed", { job: job.name, id: job.id, attempts: job.attempts, ...errorFields(error) });
      await db
        .update(jobs)
        .set({
          status: giveUp ? "failed" : "queued",
          runAt: new Date(Date.now() + backoffMs),
          lastError: error instanceof Error ? error.message : String(error),
          lockedAt: null,
          lockedBy: null,
        })
        .where(eq(jobs.id, job.id));
    }
  }
  return claimed.length;
}

/** Runs queued jobs and periodic tasks until the returned stop function is called. */
export function startWorker(): () => Promise<void> {
  let stopped = false;
  let current: Promise<unknown> = Promise.resolve();
  const lastRun = new Map<string, number>();

  const tick = async () => {
    await runDueJobs();
    for (const task of PERIODIC_TASKS) {
      if (Date.now() - (lastRun.get(task.name) ?? 0) < task.everyMs) continue;
      lastRun.set(task.name, Date.now());
      await task.run();
    }
  };
  const loop = () => {
    if (stopped) return;
    current = tick()
      .catch((error) => log("error", "worker tick failed", errorFields(error)))
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, POLL_MS);
      });
  };
  let timer: NodeJS.Timeout = setTimeout(loop, POLL_MS);
  log("info", "worker started", { worker: WORKER_ID, tasks: PERIODIC_TASKS.map((t) => t.name) });
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await current;
  };
}
