// Durable jobs (issue 25 item 1, docs/decisions/028-durable-jobs.md): a job whose worker died is
// claimed again once its lease lapses, payloads are checked, each periodic task's period runs once
// across workers, and finished jobs are purged. On real PostgreSQL (TEST_DATABASE_URL) the racing
// claims run on separate connections at once.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { ZodError } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { jobs } from "@/server/db/schema";
import { enqueueJob } from "@/server/jobs/enqueue-job";
import { JOB_DEFINITIONS, DONE_JOB_RETENTION_MS, FAILED_JOB_RETENTION_MS, purgeFinishedJobs } from "@/server/jobs/tasks";
import { claimPeriod, runDueJobs } from "@/server/jobs/worker";
import { closeTestDb, createTestDb } from "../helpers/db";

const DAY = 24 * 60 * 60_000;
const MAX_ATTEMPTS = JOB_DEFINITIONS["notify-pack-graded"].retry.maxAttempts;

beforeAll(async () => {
  await createTestDb();
});
afterAll(closeTestDb);

/** A job row as a worker would have left it; its pack does not exist, so running it texts nobody and succeeds. */
async function insertJob(values: Partial<typeof jobs.$inferInsert>) {
  const db = await getDb();
  const [row] = await db
    .insert(jobs)
    // Due a second ago unless told otherwise (the database's now() has microseconds a JS Date lacks).
    .values({ name: "notify-pack-graded", payload: { packId: randomUUID() }, runAt: new Date(Date.now() - 1_000), ...values })
    .returning();
  return row!;
}
const jobRow = async (id: number) => (await (await getDb()).select().from(jobs).where(eq(jobs.id, id)))[0]!;
/** Runs due jobs as of `now` until none is left, so rows other tests left due are out of the way. */
async function drain(now: Date) {
  let total = 0;
  for (let ran = await runDueJobs({ now }); ran > 0; ran = await runDueJobs({ now })) total += ran;
  return total;
}

describe("queued jobs", () => {
  it("a job whose worker died mid-run is claimed again once its lease lapses, and finishes", async () => {
    const now = new Date();
    const orphan = await insertJob({
      status: "running",
      attempts: 1,
      lockedBy: "worker-killed-with-9",
      lockedAt: new Date(now.getTime() - 10 * 60_000),
      runAt: new Date(now.getTime() - 1_000),
    });
    await drain(now);
    const after = await jobRow(orphan.id);
    expect(after).toMatchObject({ status: "done", attempts: 2, lockedBy: null, lastError: null });
    expect(after.finishedAt).not.toBeNull();
  });

  it("a job inside its lease is left to the worker that holds it", async () => {
    const now = new Date();
    const held = await insertJob({
      status: "running",
      attempts: 1,
      lockedBy: "worker-alive",
      lockedAt: now,
      runAt: new Date(now.getTime() + 60_000),
    });
    await drain(now);
    expect(await jobRow(held.id)).toMatchObject({ status: "running", attempts: 1, lockedBy: "worker-alive" });
    // Once that lease lapses it is due again.
    await drain(new Date(now.getTime() + 61_000));
    expect(await jobRow(held.id)).toMatchObject({ status: "done", attempts: 2 });
  });

  it("a job that never finishes its attempts is failed, not run forever", async () => {
    const now = new Date();
    const poison = await insertJob({
      status: "running",
      attempts: MAX_ATTEMPTS,
      lockedBy: "worker-killed-again",
      lastError: null,
      runAt: new Date(now.getTime() - 1_000),
    });
    await drain(now);
    const after = await jobRow(poison.id);
    expect(after.status).toBe("failed");
    expect(after.lastError).toMatch(/^Gave up after 5 attempts/);
  });

  it("a payload of the wrong shape fails at once instead of being coerced and retried", async () => {
    const bad = await insertJob({ payload: { packId: 42 } });
    await drain(new Date());
    const after = await jobRow(bad.id);
    expect(after).toMatchObject({ status: "failed", attempts: 1 });
    expect(after.lastError).toMatch(/^Invalid payload/);
    const unknown = await insertJob({ name: "no-such-job", payload: {} });
    await drain(new Date());
    expect(await jobRow(unknown.id)).toMatchObject({ status: "failed", lastError: "No handler for job no-such-job" });
  });

  it("queueing checks the payload too, and a unique key queues a job once", async () => {
    const db = await getDb();
    await expect(enqueueJob(db, "notify-pack-graded", { packId: "not-a-uuid" })).rejects.toBeInstanceOf(ZodError);
    const key = `once-${randomUUID()}`;
    const packId = randomUUID();
    await enqueueJob(db, "notify-pack-graded", { packId }, { uniqueKey: key });
    await enqueueJob(db, "notify-pack-graded", { packId }, { uniqueKey: key });
    expect(await db.select().from(jobs).where(eq(jobs.uniqueKey, key))).toHaveLength(1);
  });

  it("two workers draining at once run each due job exactly once", async () => {
    const now = new Date(Date.now() + 5 * 60 * 60_000);
    await drain(now);
    const queued = await Promise.all(Array.from({ length: 12 }, () => insertJob({ runAt: new Date(now.getTime() - 1_000) })));
    const ran = await Promise.all([runDueJobs({ now, workerId: "w1", limit: 20 }), runDueJobs({ now, workerId: "w2", limit: 20 })]);
    expect(ran[0] + ran[1]).toBe(12);
    for (const job of queued) expect(await jobRow(job.id)).toMatchObject({ status: "done", attempts: 1 });
  });
});

describe("periodic tasks", () => {
  it("each period of a task runs once, whichever of several workers asks first", async () => {
    const task = { name: `race-${randomUUID()}`, everyMs: 60_000 };
    const now = new Date();
    const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => claimPeriod(task, now, `worker-${i}`)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    // Within the period nobody runs it again; once the period has passed, one worker does.
    expect(await claimPeriod(task, new Date(now.getTime() + 30_000), "worker-late")).toBe(false);
    const next = await Promise.all(Array.from({ length: 4 }, (_, i) => claimPeriod(task, new Date(now.getTime() + 60_000), `worker-${i}`)));
    expect(next.filter(Boolean)).toHaveLength(1);
  });
});

describe("finished jobs", () => {
  it("are purged after their retention window; recent, failed-recently and unfinished ones stay", async () => {
    const now = new Date(Date.now() + 400 * DAY);
    const at = (ms: number) => new Date(now.getTime() - ms);
    const oldDone = await insertJob({ status: "done", finishedAt: at(DONE_JOB_RETENTION_MS + DAY) });
    const recentDone = await insertJob({ status: "done", finishedAt: at(DAY) });
    const recentFailed = await insertJob({ status: "failed", finishedAt: at(DONE_JOB_RETENTION_MS + DAY) });
    const oldFailed = await insertJob({ status: "failed", finishedAt: at(FAILED_JOB_RETENTION_MS + DAY) });
    const waiting = await insertJob({ status: "queued", runAt: now, createdAt: at(FAILED_JOB_RETENTION_MS + DAY) });
    await purgeFinishedJobs(now);
    const db = await getDb();
    const left = new Set((await db.select({ id: jobs.id }).from(jobs)).map((row) => row.id));
    expect(left.has(oldDone.id)).toBe(false);
    expect(left.has(oldFailed.id)).toBe(false);
    expect([recentDone, recentFailed, waiting].every((job) => left.has(job.id))).toBe(true);
  });
});
