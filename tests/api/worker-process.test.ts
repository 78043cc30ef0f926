// The worker as its own process (`npm run worker`, docs/decisions/031-crash-safe-worker.md), killed
// with kill -9 in the middle of its work and started again on the same PostgreSQL database: the
// grading job completes once and every player gets their "results are in" text once, through a
// Twilio-speaking far end that holds a send open so the kill lands while a text is on the wire.
// Two worker processes side by side run each periodic task once per period. Real PostgreSQL only
// (TEST_DATABASE_URL): the embedded database allows one process.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/server/db/client";
import { jobs, smsOutbox, takes } from "@/server/db/schema";
import { enqueueJob } from "@/server/jobs/enqueue-job";
import { PERIODIC_TASKS } from "@/server/jobs/tasks";
import { createProfile, type TestProfile } from "../helpers/auth";
import { closeTestDb, createTestDb, testDbKind } from "../helpers/db";
import { startFakeTwilio } from "../helpers/fake-twilio";
import { createPack, submitTakes } from "../helpers/grading-fixtures";

const root = path.resolve(import.meta.dirname, "../..");
const onPostgres = testDbKind() === "postgres";
const PLAYERS = 4;

let databaseUrl = "";
let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
const workers: Worker[] = [];

interface Worker {
  process: ChildProcess;
  lines: string[];
  exited: Promise<number | null>;
}

function startWorkerProcess(env: Record<string, string> = {}): Worker {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "src/server/jobs/worker-main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: "4",
      SMS_TRANSPORT: "twilio",
      TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000031",
      TWILIO_AUTH_TOKEN: "worker-test-token",
      TWILIO_FROM_NUMBER: "+15550009999",
      TWILIO_BASE_URL: twilio.baseUrl,
      // Nothing here has an ESPN link; an unreachable ESPN keeps auto-grading off the network all the same.
      ESPN_BASE_URL: "http://127.0.0.1:9/apis/site/v2/sports",
      ESPN_CORE_BASE_URL: "http://127.0.0.1:9/v2/sports",
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  // Whole lines only: a chunk may end inside one.
  const reader = () => {
    let partial = "";
    return (chunk: Buffer) => {
      const parts = (partial + chunk.toString("utf8")).split("\n");
      partial = parts.pop()!;
      lines.push(...parts.filter(Boolean));
    };
  };
  child.stdout!.on("data", reader());
  child.stderr!.on("data", reader());
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const worker = { process: child, lines, exited };
  workers.push(worker);
  return worker;
}

async function killHard(worker: Worker) {
  worker.process.kill("SIGKILL");
  await worker.exited;
}

async function until<T>(what: string, read: () => Promise<T | undefined | false>, worker?: Worker, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting until ${what}${worker ? `; worker output:\n${worker.lines.join("\n")}` : ""}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  if (!onPostgres) return;
  const handle = await createTestDb();
  databaseUrl = handle.url!;
  twilio = await startFakeTwilio();
});
afterAll(async () => {
  for (const worker of workers) if (worker.process.exitCode === null && worker.process.signalCode === null) await killHard(worker);
  await twilio?.close();
  if (onPostgres) await closeTestDb();
});

describe.skipIf(!onPostgres)("a worker process killed with kill -9", () => {
  it("finishes the grading job once and sends every player's text once, after kills mid-job and mid-send", async () => {
    const db = await getDb();
    const players: TestProfile[] = [];
    for (let i = 0; i < PLAYERS; i++) players.push(await createProfile());
    const pack = await createPack({ props: [{}], status: "graded", title: "Kill nine pack" });
    for (const player of players) await submitTakes({ profile: player, pack, picks: [{ propIndex: 0, side: "A" }] });
    await db.update(takes).set({ result: "won", points: 10 }).where(eq(takes.packId, pack.id));
    await enqueueJob(db, "notify-pack-graded", { packId: pack.id });

    // 1. Kill while the grading job runs: another transaction holds the first player's text key
    // uncommitted, so the job's insert waits on it, visibly, in pg_stat_activity.
    const blocker = new pg.Client({ connectionString: databaseUrl });
    await blocker.connect();
    // When a failure leaves it open, dropping the database cuts it off: not an error of the test's.
    blocker.on("error", () => {});
    await blocker.query("begin");
    await blocker.query("insert into sms_outbox (to_phone, body, kind, dedupe_key) values ($1, 'placeholder', 'pack_graded', $2)", [
      players[0]!.phone,
      `pack_graded:${pack.id}:${players[0]!.id}`,
    ]);
    const first = startWorkerProcess();
    await until(
      "the grading job waits inside its insert",
      // Asked outside the blocker's transaction: pg_stat_activity is read once per transaction.
      async () =>
        (
          await queryRows(
            db,
            sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike '%insert into sms_outbox%'`,
          )
        ).length > 0,
      first,
    );
    expect((await db.select().from(jobs).where(eq(jobs.name, "notify-pack-graded")))[0]).toMatchObject({ status: "running", attempts: 1 });
    await killHard(first);
    await blocker.query("rollback");
    await blocker.end();

    // 2. Kill while a text is on the wire: the far end has created the second text and not answered.
    twilio.holdFrom(2);
    // The killed claim's five-minute lease, lapsed (rather than waited out).
    await db.execute(sql`update jobs set run_at = now() - interval '1 second' where status = 'running'`);
    const second = startWorkerProcess();
    await Promise.race([twilio.waitForSends(2), second.exited.then(() => Promise.reject(new Error(second.lines.join("\n"))))]);
    // Texts go out in a loop of their own (decision 073), possibly before the job records itself done.
    await until(
      "the grading job is done",
      async () =>
        (await queryRows<{ status: string }>(db, sql`select status from jobs where name = 'notify-pack-graded'`))[0]?.status === "done",
      second,
    );
    expect(await queryRows(db, sql`select status, attempts from jobs where name = 'notify-pack-graded'`)).toEqual([
      { status: "done", attempts: 2 },
    ]);
    await killHard(second);
    twilio.release();

    // 3. A fresh worker, once the texts' two-minute leases have lapsed, finishes the rest.
    await db.execute(sql`update sms_outbox set next_attempt_at = now() - interval '1 second' where status = 'sending'`);
    const third = startWorkerProcess();
    const outbox = await until(
      "every text is recorded as sent",
      async () => {
        const rows = await db
          .select()
          .from(smsOutbox)
          .where(sql`${smsOutbox.dedupeKey} like ${`pack_graded:${pack.id}:%`}`);
        return rows.length === PLAYERS && rows.every((row) => row.status === "sent") && rows;
      },
      third,
    );

    // Exactly once: the far end got one text per player, and each row holds the SID of that very text.
    const sends = twilio.received.map((message) => message.form);
    expect(sends.map((form) => form.To).sort()).toEqual(players.map((player) => player.phone).sort());
    expect(sends).toHaveLength(PLAYERS);
    for (const row of outbox) {
      const text = twilio.created.find((message) => message.to === row.toPhone);
      expect(row.providerMessageId).toBe(text!.sid);
      expect(row.body).toBe(text!.body);
    }
    // The text in doubt was looked up, not sent again.
    expect(twilio.lookups()).toBeGreaterThan(0);
    expect(third.lines.join("\n")).toContain("text in doubt was already delivered; not sent again");

    // A stop (SIGTERM) lets the worker finish its tick and close its pool: exit code 0.
    third.process.kill("SIGTERM");
    expect(await third.exited).toBe(0);
  });
});

describe.skipIf(!onPostgres)("a worker process told to stop", () => {
  it("finishes the job it is running before it closes its pool and exits 0", async () => {
    const db = await getDb();
    const player = await createProfile();
    const pack = await createPack({ props: [{}], status: "graded", title: "Stop politely pack" });
    await submitTakes({ profile: player, pack, picks: [{ propIndex: 0, side: "B" }] });
    await enqueueJob(db, "notify-pack-graded", { packId: pack.id }, { uniqueKey: `stop-${pack.id}` });
    const blocker = new pg.Client({ connectionString: databaseUrl });
    await blocker.connect();
    blocker.on("error", () => {});
    await blocker.query("begin");
    await blocker.query("insert into sms_outbox (to_phone, body, kind, dedupe_key) values ($1, 'placeholder', 'pack_graded', $2)", [
      player.phone,
      `pack_graded:${pack.id}:${player.id}`,
    ]);
    const worker = startWorkerProcess();
    await until(
      "the job waits inside its insert",
      async () =>
        (
          await queryRows(
            db,
            sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike '%insert into sms_outbox%'`,
          )
        ).length > 0,
      worker,
    );
    worker.process.kill("SIGTERM");
    await until("the worker has begun to stop", async () => worker.lines.some((line) => line.includes('"worker shutting down"')), worker);
    expect(worker.process.exitCode, "it waits for the job").toBeNull();
    await blocker.query("rollback");
    await blocker.end();
    expect(await worker.exited).toBe(0);
    expect(await queryRows(db, sql`select status, attempts from jobs where unique_key = ${`stop-${pack.id}`}`)).toEqual([
      { status: "done", attempts: 1 },
    ]);
  });
});

describe.skipIf(!onPostgres)("two worker processes on one database", () => {
  it("run each periodic task once per period between them", async () => {
    const a = startWorkerProcess({ LOG_LEVEL: "debug" });
    const b = startWorkerProcess({ LOG_LEVEL: "debug" });
    const started = (worker: Worker) =>
      worker.lines
        .filter((line) => line.includes('"periodic task started"'))
        .map((line) => JSON.parse(line) as { task: string; worker: string; startedAt: number });
    const everyMs = (name: string) => PERIODIC_TASKS.find((task) => task.name === name)!.everyMs;
    // Counted from the moment both are up, for long enough that the 2-second task comes round six times.
    await until(
      "both workers are up",
      async () => [a, b].every((worker) => worker.lines.some((line) => line.includes('"worker process ready"'))),
      a,
      60_000,
    );
    const from = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 13_000));
    const runs = [...started(a), ...started(b)].filter((run) => run.startedAt >= from);
    // The texts have a loop of their own now (decision 073), not a period.
    for (const name of ["drain-leaderboard-queue"]) {
      const starts = runs
        .filter((run) => run.task === name)
        .map((run) => run.startedAt)
        .sort((x, y) => x - y);
      expect(starts.length, `${name} ran in the window`).toBeGreaterThanOrEqual(Math.floor(13_000 / everyMs(name)) - 1);
      // No period ran twice: consecutive starts, from either process, are a period apart (less the 250 ms tolerance).
      for (let i = 1; i < starts.length; i++)
        expect(starts[i]! - starts[i - 1]!, `${name} runs ${i - 1} and ${i}`).toBeGreaterThanOrEqual(everyMs(name) - 250);
    }
    for (const worker of [a, b]) worker.process.kill("SIGTERM");
    expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
  });
});
