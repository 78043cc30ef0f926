import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { jobs } from "@/server/db/schema";
import { errorFields, log } from "@/server/ops/log";
import { startTextDelivery } from "@/server/notifications/delivery-loop";
import { JOB_PAYLOADS, type JobName } from "./job-payloads";
import { retryDelayMs } from "./retry-policy";
import { JOB_DEFINITIONS, PERIODIC_TASKS, type PeriodicTask } from "./tasks";

const WORKER_ID = `worker-${process.pid}-${randomUUID().slice(0, 8)}`;
const POLL_MS = 2_000;
/** The longest lease of any job: claims are made before the job's own name is known. */
const CLAIM_LEASE_MS = Math.max(...Object.values(JOB_DEFINITIONS).map((job) => job.retry.leaseMs));

const isJobName = (name: string): name is JobName => Object.hasOwn(JOB_PAYLOADS, name);

/**
 * Claims due jobs with FOR UPDATE SKIP LOCKED (several workers never take the same job at
 * once), runs each, and records success or a retry with backoff. A claim is a lease: the
 * job's run_at moves to the lease's end while it runs, so a job whose worker died (kill -9,
 * a crash, a deploy) is due again once the lease lapses and another worker reclaims it
 * (docs/decisions/028-durable-jobs.md). A job reclaimed more often than its policy allows is
 * failed rather than run again, so a job that kills its worker cannot loop forever.
 */
export async function runDueJobs(options: { limit?: number; now?: Date; workerId?: string } = {}): Promise<number> {
  const db = await getDb();
  const now = options.now ?? new Date();
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(inArray(jobs.status, ["queued", "running"]), lte(jobs.runAt, now)))
      .orderBy(jobs.runAt)
      .limit(options.limit ?? 10)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(jobs)
      .set({
        status: "running",
        lockedAt: now,
        lockedBy: options.workerId ?? WORKER_ID,
        runAt: new Date(now.getTime() + CLAIM_LEASE_MS),
        attempts: sql`${jobs.attempts} + 1`,
      })
      .where(
        inArray(
          jobs.id,
          due.map((j) => j.id),
        ),
      )
      .returning();
  });
  for (const job of claimed) await runClaimed(job, now);
  return claimed.length;
}

async function runClaimed(job: typeof jobs.$inferSelect, claimedAt: Date): Promise<void> {
  const db = await getDb();
  const finish = (status: "done" | "failed", lastError: string | null) =>
    db.update(jobs).set({ status, finishedAt: new Date(), lastError, lockedAt: null, lockedBy: null }).where(eq(jobs.id, job.id));
  if (!isJobName(job.name)) {
    log("error", "job failed", { job: job.name, id: job.id, error: "no such job" });
    await finish("failed", `No handler for job ${job.name}`);
    return;
  }
  const definition = JOB_DEFINITIONS[job.name];
  if (job.attempts > definition.retry.maxAttempts) {
    log("error", "job failed", { job: job.name, id: job.id, attempts: job.attempts, error: "attempts used up" });
    await finish("failed", job.lastError ?? `Gave up after ${definition.retry.maxAttempts} attempts that did not finish`);
    return;
  }
  const payload = JOB_PAYLOADS[job.name].safeParse(job.payload);
  if (!payload.success) {
    // A payload of the wrong shape fails the same way every time: no retries.
    log("error", "job failed", { job: job.name, id: job.id, error: "invalid payload" });
    await finish("failed", `Invalid payload: ${payload.error.issues[0]?.message ?? "unknown"}`);
    return;
  }
  try {
    await definition.run(payload.data);
    await finish("done", null);
  } catch (error) {
    const giveUp = job.attempts >= definition.retry.maxAttempts;
    const message = error instanceof Error ? error.message : String(error);
    log(giveUp ? "error" : "warn", "job failed", { job: job.name, id: job.id, attempts: job.attempts, ...errorFields(error) });
    if (giveUp) {
      await finish("failed", message);
      return;
    }
    await db
      .update(jobs)
      .set({
        status: "queued",
        runAt: new Date(claimedAt.getTime() + retryDelayMs(definition.retry, job.attempts)),
        lastError: message,
        lockedAt: null,
        lockedBy: null,
      })
      .where(eq(jobs.id, job.id));
  }
}

// A task's period is claimed in the database, so each period runs once across every instance
// running a worker. The tolerance keeps a task whose ticks drift by part of a poll from
// skipping a whole period.
const PERIOD_TOLERANCE_MS = 250;

/** Claims `task`'s current period for this worker: true when nobody started it within its period. */
export async function claimPeriod(task: Pick<PeriodicTask, "name" | "everyMs">, now: Date, workerId = WORKER_ID): Promise<boolean> {
  const db = await getDb();
  const rows = await selectRows(
    db,
    sql`insert into periodic_task_runs (task, started_at, run_by) values (${task.name}, ${now}, ${workerId})
        on conflict (task) do update set started_at = excluded.started_at, run_by = excluded.run_by
        where periodic_task_runs.started_at <= ${new Date(now.getTime() - task.everyMs + PERIOD_TOLERANCE_MS)}
        returning task`,
    rowShape((r) => ({ task: r.text("task") })),
  );
  return rows.length > 0;
}

/** Runs queued jobs and periodic tasks until the returned stop function is called. */
export function startWorker(): () => Promise<void> {
  let stopped = false;
  let current: Promise<unknown> = Promise.resolve();
  // This instance's own last look at each task: no database round trip while its period runs.
  const lastLook = new Map<string, number>();

  const tick = async () => {
    await runDueJobs();
    for (const task of PERIODIC_TASKS) {
      const now = Date.now();
      if (now - (lastLook.get(task.name) ?? 0) < task.everyMs - PERIOD_TOLERANCE_MS) continue;
      lastLook.set(task.name, now);
      if (!(await claimPeriod(task, new Date(now)))) continue;
      // Debug only: tests count these lines to prove one run per period across processes (docs/decisions/031-crash-safe-worker.md).
      log("debug", "periodic task started", { task: task.name, worker: WORKER_ID, startedAt: now });
      try {
        await task.run();
      } catch (error) {
        log("error", "periodic task failed", { task: task.name, ...errorFields(error) });
      }
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
  // Texts go out in a loop of their own, as fast as the sending rate allows (docs/decisions/073-paced-outbox.md).
  const stopTexts = startTextDelivery();
  log("info", "worker started", { worker: WORKER_ID, tasks: PERIODIC_TASKS.map((t) => t.name) });
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await Promise.all([current, stopTexts()]);
  };
}
