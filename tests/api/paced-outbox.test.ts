// The outbox paced by priority (issue 43 item 3, docs/decisions/073-paced-outbox.md): texts go out
// sooner kind first, never faster than the configured rate even from two delivery loops at once,
// a sign-in code requested during a blast is sent within 2 s, and the admin sees the blast and
// pauses, resumes or cancels it while it goes out. Against the Twilio-compatible test server.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as overviewRoute } from "@/app/api/admin/texts/route";
import { POST as blastRoute } from "@/app/api/admin/texts/blasts/[packId]/route";
import { resetServerEnvCache } from "@/env";
import { getDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { deliverQueuedTexts } from "@/server/notifications/deliver-queued-texts";
import { startTextDelivery } from "@/server/notifications/delivery-loop";
import { textPriority } from "@/domain/text-priority";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";
import { closeTestDb, createTestDb, testDbKind } from "../helpers/db";
import { createPack } from "../helpers/grading-fixtures";
import { startFakeTwilio } from "../helpers/fake-twilio";
import { requestCode } from "../helpers/sign-in";

let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
let admin: TestProfile;
const stops: Array<() => Promise<void>> = [];

beforeAll(async () => {
  twilio = await startFakeTwilio();
  Object.assign(process.env, {
    SMS_TRANSPORT: "twilio",
    TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000073",
    TWILIO_AUTH_TOKEN: "test-auth-token",
    TWILIO_FROM_NUMBER: "+15550007373",
    TWILIO_BASE_URL: twilio.baseUrl,
  });
  delete process.env.SMS_LOG_FILE;
  await createTestDb();
  admin = await createProfile({ superAdmin: true });
});
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  // Each test starts with nothing waiting and a full bucket.
  const db = await getDb();
  await db.execute(sql`update sms_outbox set status = 'skipped' where status in ('pending', 'paused', 'sending')`);
  await db.execute(sql`delete from sms_send_budget`);
});
afterAll(async () => {
  await closeTestDb();
  await twilio.close();
  delete process.env.SMS_RATE_PER_SECOND;
  resetServerEnvCache();
});

function setRate(perSecond: number) {
  process.env.SMS_RATE_PER_SECOND = String(perSecond);
  resetServerEnvCache();
}

const deliver = () => {
  const stop = startTextDelivery();
  stops.push(stop);
  return stop;
};

/**
 * The issue's opening: 50,000 queued texts, on PostgreSQL. The embedded database runs every
 * statement one at a time (pausing or counting 50,000 rows takes it seconds on a busy host), so it
 * checks the same behaviour on a tenth of them.
 */
const BLAST = testDbKind() === "postgres" ? 50_000 : 5_000;
let packCount = 0;
/** A pack and `n` queued opening texts to it (one statement, as an opening queues them). */
async function queueBlast(n: number): Promise<{ packId: string; phonePrefix: string }> {
  const db = await getDb();
  const tag = ++packCount;
  const [pack] = await selectRows(
    db,
    sql`insert into packs (pack_url, title, league, status) values (${`paced-${tag}-${Date.now()}`}, ${`Paced pack ${tag}`}, 'nfl', 'open')
        returning id`,
    rowShape((r) => ({ id: r.text("id") })),
  );
  const phonePrefix = `+1555${tag}`;
  await db.execute(sql`
    insert into sms_outbox (to_phone, body, kind, dedupe_key)
    select ${phonePrefix} || lpad(g::text, 6, '0'), ${`Opening ${tag}`}, 'pack_open', 'pack_open:' || ${pack!.id} || ':' || g
    from generate_series(1, ${n}) g`);
  return { packId: pack!.id, phonePrefix };
}

async function queueOne(kind: string, body: string, dueMsAgo: number, packId: string | null = null) {
  const db = await getDb();
  await db.execute(sql`
    insert into sms_outbox (to_phone, body, kind, pack_id, next_attempt_at)
    values ('+15559990000', ${body}, ${kind}, ${packId}, now() - ${dueMsAgo} * interval '1 millisecond')`);
}

const sentOf = (prefix: string) => twilio.received.filter((message) => message.form.To?.startsWith(prefix));

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function countRows(where: ReturnType<typeof sql>) {
  const [row] = await selectRows(
    await getDb(),
    sql`select count(*)::int as n from sms_outbox where ${where}`,
    rowShape((r) => ({ n: r.int("n") })),
  );
  return row!.n;
}

type Body = Record<string, unknown> & { success?: boolean; error?: string };
async function blastAction(packId: string, body: unknown, as: TestProfile = admin) {
  const req = await apiRequest(`/api/admin/texts/blasts/${packId}`, { as, body, method: "POST" });
  const response = await blastRoute(req as never, routeParams({ packId }) as never);
  return { status: response.status, body: (await response.json()) as Body };
}
async function overview() {
  const response = await overviewRoute((await apiRequest("/api/admin/texts", { as: admin })) as never, routeParams({}) as never);
  return (await response.json()) as Body & {
    ratePerSecond: number;
    depth: Array<{ kind: string; priority: number; waiting: number; paused: number }>;
    blasts: Array<{ packId: string; waiting: number; paused: number; sent: number; cancelled: number; finishesAt: string | null }>;
  };
}

describe("the outbox's order", () => {
  it("sends results first, then reminders, then openings, each in the order they fell due", async () => {
    setRate(1_000);
    await queueOne("pack_open", "opening due 4 min ago", 240_000);
    await queueOne("pack_open", "opening due 3 min ago", 180_000);
    // A reminder goes only while its pack has a prop left to pick (decision 072).
    const pack = await createPack({ props: [{}], status: "open", title: "Reminded pack" });
    await queueOne("pack_reminder", "reminder due 2 min ago", 120_000, pack.id);
    await queueOne("pick_fix", "pick fix due 30 s ago", 30_000);
    await queueOne("pack_graded", "results due 1 min ago", 60_000);
    const before = twilio.received.length;
    for (let i = 0; i < 5; i++) expect(await deliverQueuedTexts({ limit: 1 })).toMatchObject({ sent: 1 });
    // Whoever queues a row, raw SQL included, the database derives its priority from its kind as the code does.
    const kinds = await selectRows(
      await getDb(),
      sql`select distinct kind, priority from sms_outbox`,
      rowShape((r) => ({ kind: r.text("kind"), priority: r.int("priority") })),
    );
    for (const row of kinds) expect(row.priority).toBe(textPriority(row.kind));
    expect(twilio.received.slice(before).map((message) => message.form.Body)).toEqual([
      "results due 1 min ago",
      "pick fix due 30 s ago",
      "reminder due 2 min ago",
      "opening due 4 min ago",
      "opening due 3 min ago",
    ]);
  });
});

describe("the sending rate", () => {
  it.skipIf(testDbKind() !== "postgres")(
    "two delivery loops together never send faster than the configured rate, and keep it up",
    async () => {
      // The issue's 50 a second: well inside what one test process can hand over on a busy host.
      const rate = 50;
      setRate(rate);
      // The issue's opening of 50,000 queued texts; its first 300 (six seconds' worth) are measured.
      const { phonePrefix } = await queueBlast(BLAST);
      // A text is sent after its claim's transaction commits, and that takes longer or shorter with
      // 50,000 rows waiting on a busy host (up to a quarter of a second seen); the far end (the fake
      // Twilio) also answers in this process, so a pause of its event loop records the texts sent
      // during it together. Both make texts arrive later than their tokens, some together: the
      // longest event-loop pause is measured and allowed for, and a quarter of a second at least.
      const stalls = monitorEventLoopDelay({ resolution: 10 });
      stalls.enable();
      deliver();
      deliver();
      await until(() => sentOf(phonePrefix).length >= 300, 20_000);
      stalls.disable();
      const times = sentOf(phonePrefix)
        .slice(0, 300)
        .map((message) => message.at);
      // A limiter that did not hold would send hundreds in a window; half a second is the most
      // lateness this test forgives, however busy the host (the mean rate below is held to 2 %).
      const lateSeconds = Math.min(0.5, Math.max(0.25, stalls.max / 1e9));
      // The bucket holds a fifth of a second's worth (10 here); a text claimed just before a window
      // may reach the far end inside it, late as above (13 more here at a quarter of a second).
      const burst = Math.max(rate * 0.05 + 1, rate * 0.2);
      let worst = 0;
      for (let i = 0, j = 0; i < times.length; i++) {
        while (times[i]! - times[j]! >= 2_000) j++;
        worst = Math.max(worst, i - j + 1);
      }
      expect(worst).toBeLessThanOrEqual(2 * rate + burst + Math.ceil(rate * lateSeconds));
      const measured = (times.length - burst) / ((times.at(-1)! - times[0]!) / 1000);
      expect(measured).toBeLessThanOrEqual(rate * 1.02);
      // A tight loop, not a batch every few seconds: the drain keeps to the rate.
      expect(measured).toBeGreaterThanOrEqual(rate * 0.9);
    },
    30_000,
  );

  it("a sign-in code asked for while an opening of 50,000 texts (PostgreSQL) is going out at 50 a second is sent within 2 s", async () => {
    setRate(50);
    const { phonePrefix } = await queueBlast(BLAST);
    deliver();
    await until(() => sentOf(phonePrefix).length >= 100);
    for (let i = 0; i < 3; i++) {
      const asked = Date.now();
      expect((await requestCode(`55573000${String(i).padStart(2, "0")}`)).status).toBe(200);
      expect(Date.now() - asked).toBeLessThan(2_000);
    }
    // The opening was still going out: the codes did not wait for it.
    expect(await countRows(sql`dedupe_key like 'pack_open:%' and status = 'pending'`)).toBeGreaterThan(0);
  }, 30_000);
});

describe("the admin's blast controls", () => {
  it("pauses an opening of 50,000 texts (PostgreSQL) mid-way while other texts still go, resumes it, then cancels the rest with a reason", async () => {
    setRate(500);
    const { packId, phonePrefix } = await queueBlast(BLAST);
    deliver();
    await until(() => sentOf(phonePrefix).length >= 100);

    const paused = await blastAction(packId, { action: "pause" });
    expect(paused.status).toBe(200);
    expect(paused.body.changed).toBeGreaterThan(0);
    // What was already claimed finishes; then nothing of the opening goes out while it is paused.
    await until(async () => (await countRows(sql`blast_id = ${packId} and status = 'sending'`)) === 0);
    const sentWhenPaused = sentOf(phonePrefix).length;
    await queueOne("pack_graded", "results during the pause", 0);
    await until(() => twilio.received.some((message) => message.form.Body === "results during the pause"));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sentOf(phonePrefix).length).toBe(sentWhenPaused);

    const seen = await overview();
    expect(seen.ratePerSecond).toBe(500);
    const blast = seen.blasts.find((candidate) => candidate.packId === packId)!;
    expect(blast).toMatchObject({ waiting: 0, paused: BLAST - sentWhenPaused, sent: sentWhenPaused, finishesAt: null });
    expect(seen.depth.find((row) => row.kind === "pack_open")).toMatchObject({ priority: 3, paused: BLAST - sentWhenPaused });

    expect((await blastAction(packId, { action: "resume" })).status).toBe(200);
    await until(() => sentOf(phonePrefix).length >= sentWhenPaused + 100);
    const running = (await overview()).blasts.find((candidate) => candidate.packId === packId)!;
    expect(running.waiting).toBeGreaterThan(0);
    // At 500 a second, the rest (about 49,800 on PostgreSQL) goes out in about 100 s from now.
    const finishesIn = Date.parse(running.finishesAt!) - Date.now();
    expect(finishesIn).toBeGreaterThan((running.waiting / 500) * 1000 - 5_000);
    expect(finishesIn).toBeLessThan((running.waiting / 500) * 1000 + 5_000);

    const cancelled = await blastAction(packId, { action: "cancel" });
    expect(cancelled.status).toBe(200);
    await until(async () => (await countRows(sql`blast_id = ${packId} and status in ('pending', 'sending')`)) === 0);
    const total = sentOf(phonePrefix).length;
    expect(await countRows(sql`blast_id = ${packId} and status = 'skipped' and last_error = 'cancelled by an admin'`)).toBe(BLAST - total);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sentOf(phonePrefix).length).toBe(total);
    expect(await countRows(sql`blast_id = ${packId} and status = 'sent'`)).toBe(total);

    const audit = await selectRows(
      await getDb(),
      sql`select action from admin_audit_log where entity_id = ${packId} order by id`,
      rowShape((r) => ({ action: r.text("action") })),
    );
    expect(audit.map((entry) => entry.action)).toEqual(["pack.texts_pause", "pack.texts_resume", "pack.texts_cancel"]);
  }, 60_000);

  it("refuses what it cannot do: nothing left to cancel, an unknown action or pack, a player", async () => {
    const { packId } = await queueBlast(3);
    expect((await blastAction(packId, { action: "cancel" })).status).toBe(200);
    expect(await blastAction(packId, { action: "cancel" })).toMatchObject({ status: 409, body: { success: false } });
    expect(await blastAction(packId, { action: "explode" })).toMatchObject({ status: 400, body: { success: false } });
    expect(await blastAction("00000000-0000-4000-8000-000000000000", { action: "pause" })).toMatchObject({ status: 404 });
    expect((await blastAction(packId, { action: "pause" }, await createProfile())).status).toBe(403);
  });
});
