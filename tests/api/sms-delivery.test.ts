// Delivery on the record (issue 43 item 4, docs/decisions/071-delivery-on-the-record.md): Twilio's
// signed status callbacks move each text forward only, a number that fails for good stops being
// texted (sign-in codes still go, and signing in clears it), and the daily spending ceiling holds
// back texts nobody asked for. Texts go through the Twilio transport to the local stand-in; the
// callbacks are signed with the official `twilio` package.
import { eq, inArray } from "drizzle-orm";
import { NextRequest } from "next/server";
import { getExpectedTwilioSignature } from "twilio/lib/webhooks/webhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as statusRoute } from "@/app/api/sms/status/route";
import { resetServerEnvCache } from "@/env";
import { getDb } from "@/server/db/client";
import { profiles, smsDailySpend, smsOutbox } from "@/server/db/schema";
import { deliverQueuedTexts } from "@/server/notifications/deliver-queued-texts";
import { getSmsDeliveryNotice } from "@/server/notifications/delivery/undeliverable-number";
import { listDeliveryRates } from "@/server/notifications/delivery/delivery-rates";
import { queueText } from "@/server/notifications/queue-text";
import { createProfile, type TestProfile } from "../helpers/auth";
import { closeTestDb, createTestDb, testDbKind } from "../helpers/db";
import { startFakeTwilio } from "../helpers/fake-twilio";
import { CookieJar, requestCode, signInWithPhoneCode } from "../helpers/sign-in";

const AUTH_TOKEN = "delivery-test-token";
const PUBLIC_URL = "https://takes.example";
const CALLBACK_URL = `${PUBLIC_URL}/api/sms/status`;
const ENV_KEYS = [
  "SMS_TRANSPORT",
  "TWILIO_ACCOUNT_SID",
  "TWILIO_AUTH_TOKEN",
  "TWILIO_FROM_NUMBER",
  "TWILIO_BASE_URL",
  "NEXTAUTH_URL",
  "SMS_LOG_FILE",
  "SMS_DAILY_CEILING_CENTS",
  "SMS_SEGMENT_PRICE_CENTS",
] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));
let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  Object.assign(process.env, {
    SMS_TRANSPORT: "twilio",
    TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000071",
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_FROM_NUMBER: "+15550007100",
    TWILIO_BASE_URL: twilio.baseUrl,
    NEXTAUTH_URL: PUBLIC_URL,
  });
  delete process.env.SMS_LOG_FILE;
  delete process.env.SMS_DAILY_CEILING_CENTS;
  resetServerEnvCache();
  await createTestDb();
});
afterAll(async () => {
  await closeTestDb();
  await twilio.close();
  for (const key of ENV_KEYS) {
    if (savedEnv[key] === undefined) delete process.env[key];
    else process.env[key] = savedEnv[key];
  }
  resetServerEnvCache();
});

/** Each test delivers on its own day, so the day's spend of one never counts in another. */
let nextDay = 0;
const ownDay = () => new Date(Date.UTC(2031, 0, 2 + nextDay++, 17));

/** A status callback as Twilio posts it: form fields, signed for the URL it was given (or as `sign` says). */
async function callback(params: Record<string, string>, sign: { url?: string; token?: string } | null = {}, host = "takes.example") {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", host };
  if (sign) headers["x-twilio-signature"] = getExpectedTwilioSignature(sign.token ?? AUTH_TOKEN, sign.url ?? CALLBACK_URL, params);
  // The request reaches us under another name (a proxy, a forged Host): the signature still counts for the public URL.
  const request = new NextRequest(new URL("/api/sms/status", `http://${host}`), {
    method: "POST",
    headers,
    body: new URLSearchParams(params).toString(),
  });
  const response = await statusRoute(request);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Queues one text to the player and delivers it through the Twilio stand-in: its outbox row. */
async function textPlayer(player: TestProfile, kind = "h2h_challenge", now = ownDay()) {
  const queued = await queueText({ to: player.phone, body: `Hello from Takes (${kind})`, kind, profileId: player.id });
  if (!queued.queued) throw new Error(`not queued: ${queued.reason}`);
  await deliverQueuedTexts({ now });
  return outboxRow(queued.id);
}

async function outboxRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(smsOutbox).where(eq(smsOutbox.id, id));
  return row!;
}

async function profileRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(profiles).where(eq(profiles.id, id));
  return row!;
}

describe("Twilio's status callbacks", () => {
  it("asks Twilio to report each text's status to the site's public callback address", async () => {
    const row = await textPlayer(await createProfile());
    expect(row).toMatchObject({ status: "sent", providerMessageId: expect.stringMatching(/^SM/), deliveryStatus: null });
    expect(twilio.received.at(-1)!.form.StatusCallback).toBe(CALLBACK_URL);
  });

  it("moves a text through queued, sent and delivered, and a late 'sent' does not move it back", async () => {
    const row = await textPlayer(await createProfile());
    const sid = row.providerMessageId!;
    for (const status of ["queued", "sent", "delivered"]) {
      const answer = await callback({ MessageSid: sid, MessageStatus: status, AccountSid: "AC1" });
      expect(answer).toEqual({ status: 200, body: { success: true, known: true, updated: true } });
      expect((await outboxRow(row.id)).deliveryStatus).toBe(status);
    }
    const late = await callback({ MessageSid: sid, MessageStatus: "sent" });
    expect(late.body).toMatchObject({ success: true, known: true, updated: false });
    const after = await outboxRow(row.id);
    expect(after).toMatchObject({ status: "sent", deliveryStatus: "delivered", deliveryErrorCode: null });
    expect(after.deliveredAt).toBeInstanceOf(Date);
  });

  it("keeps the carrier's error code of an undelivered text, even when 'sent' arrives after it", async () => {
    const row = await textPlayer(await createProfile());
    const sid = row.providerMessageId!;
    await callback({ MessageSid: sid, MessageStatus: "undelivered", ErrorCode: "30003" });
    await callback({ MessageSid: sid, MessageStatus: "sent" });
    await callback({ MessageSid: sid, MessageStatus: "queued" });
    expect(await outboxRow(row.id)).toMatchObject({ deliveryStatus: "undelivered", deliveryErrorCode: 30003, deliveredAt: null });
  });

  it("refuses unsigned and badly signed callbacks with a JSON error and changes nothing", async () => {
    const row = await textPlayer(await createProfile());
    const params = { MessageSid: row.providerMessageId!, MessageStatus: "delivered" };
    const refused = [
      await callback(params, null),
      await callback(params, { token: "a-guessed-token" }),
      // Signed for the address the request claims to be at, not the site's public one.
      await callback(params, { url: "http://evil.example/api/sms/status" }, "evil.example"),
      // A signature for other fields.
      { ...(await signedForOtherFields(params)) },
    ];
    for (const answer of refused) expect(answer).toEqual({ status: 403, body: { success: false, error: "Invalid signature" } });
    expect((await outboxRow(row.id)).deliveryStatus).toBeNull();
  });

  it("accepts a signed callback that reached us under another Host name", async () => {
    const row = await textPlayer(await createProfile());
    const answer = await callback({ MessageSid: row.providerMessageId!, MessageStatus: "sent" }, {}, "10.0.0.7:3000");
    expect(answer.status).toBe(200);
    expect((await outboxRow(row.id)).deliveryStatus).toBe("sent");
  });

  it("answers 200 and changes nothing for a message it never sent", async () => {
    const answer = await callback({ MessageSid: `SM${"f".repeat(32)}`, MessageStatus: "failed", ErrorCode: "30006" });
    expect(answer).toEqual({ status: 200, body: { success: true, known: false, updated: false } });
  });

  it("refuses a signed callback without a MessageSid", async () => {
    const answer = await callback({ MessageStatus: "delivered" });
    expect(answer.status).toBe(400);
    expect(answer.body.success).toBe(false);
  });

  it("answers a flood of unsigned callbacks from one address with 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const request = new NextRequest(new URL("/api/sms/status", PUBLIC_URL), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "198.51.100.71" },
        body: "MessageSid=SM1&MessageStatus=delivered",
      });
      statuses.push((await statusRoute(request)).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 403)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

async function signedForOtherFields(params: Record<string, string>) {
  const signature = getExpectedTwilioSignature(AUTH_TOKEN, CALLBACK_URL, { ...params, MessageStatus: "failed" });
  const request = new NextRequest(new URL("/api/sms/status", PUBLIC_URL), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature },
    body: new URLSearchParams(params).toString(),
  });
  const response = await statusRoute(request);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("a number that fails for good", () => {
  it("stops being texted after a landline failure, and the player is told on their profile", async () => {
    const player = await createProfile();
    const row = await textPlayer(player);
    expect(await getSmsDeliveryNotice(player.id)).toBeNull();
    await callback({ MessageSid: row.providerMessageId!, MessageStatus: "undelivered", ErrorCode: "30006" });

    expect(await profileRow(player.id)).toMatchObject({ smsUndeliverableReason: "30006", smsUndeliverableAt: expect.any(Date) });
    const notice = await getSmsDeliveryNotice(player.id);
    expect(notice).toMatchObject({ maskedPhone: `(•••) •••-${player.phone.slice(-4)}` });
    expect(notice!.why).toMatch(/landline/);

    // queueText, and any other insert into the outbox (a pack opening's one statement), records it skipped.
    expect(await queueText({ to: player.phone, body: "Eagles pack is open", kind: "pack_open", profileId: player.id })).toEqual({
      queued: false,
      reason: "undeliverable",
    });
    const db = await getDb();
    const [raw] = await db
      .insert(smsOutbox)
      .values({ toPhone: player.phone, body: "Results are in", kind: "pack_graded", profileId: player.id })
      .returning();
    expect(raw).toMatchObject({ status: "skipped", lastError: "number could not be texted (carrier error 30006)" });
    const sendsBefore = twilio.received.length;
    await deliverQueuedTexts({ now: ownDay() });
    expect(twilio.received.slice(sendsBefore).filter((message) => message.form.To === player.phone)).toHaveLength(0);
  });

  it("still sends the player a sign-in code, and signing in with it texts them again", async () => {
    const player = await createProfile();
    const failed = await textPlayer(player);
    const stillOut = await textPlayer(player);
    await callback({ MessageSid: failed.providerMessageId!, MessageStatus: "failed", ErrorCode: "30005" });
    expect((await profileRow(player.id)).smsUndeliverableAt).not.toBeNull();

    const jar = new CookieJar();
    const digits = player.phone.slice(2);
    expect((await requestCode(digits, { jar })).status).toBe(200);
    const codeText = twilio.received.at(-1)!.form;
    expect(codeText.To).toBe(player.phone);
    const code = codeText.Body!.match(/\b(\d{6})\b/)![1]!;
    expect((await signInWithPhoneCode(jar, digits, code)).error).toBeNull();

    expect(await profileRow(player.id)).toMatchObject({ smsUndeliverableAt: null, smsUndeliverableReason: null });
    expect(await getSmsDeliveryNotice(player.id)).toBeNull();
    // A late failure report of a text sent before the sign-in does not mark the number again.
    await callback({ MessageSid: stillOut.providerMessageId!, MessageStatus: "undelivered", ErrorCode: "30006" });
    expect((await profileRow(player.id)).smsUndeliverableAt).toBeNull();
    expect(await queueText({ to: player.phone, body: "Back on", kind: "pack_open", profileId: player.id })).toMatchObject({ queued: true });
  });

  it("does not send a text queued before the number failed for good", async () => {
    const player = await createProfile();
    const row = await textPlayer(player);
    const waiting = await queueText({ to: player.phone, body: "Still waiting", kind: "pack_open", profileId: player.id });
    expect(waiting.queued).toBe(true);
    await callback({ MessageSid: row.providerMessageId!, MessageStatus: "undelivered", ErrorCode: "30004" });
    const sendsBefore = twilio.received.length;
    await deliverQueuedTexts({ now: ownDay() });
    expect(twilio.received.length).toBe(sendsBefore);
    expect(await outboxRow((waiting as { id: string }).id)).toMatchObject({
      status: "skipped",
      lastError: "number could not be texted (carrier error 30004)",
    });
  });

  it("keeps texting a number whose failure may pass (phone off, carrier filtering)", async () => {
    const player = await createProfile();
    for (const code of ["30003", "30007", "30008"]) {
      const row = await textPlayer(player);
      await callback({ MessageSid: row.providerMessageId!, MessageStatus: "undelivered", ErrorCode: code });
    }
    expect((await profileRow(player.id)).smsUndeliverableAt).toBeNull();
  });
});

describe("the daily spending ceiling", () => {
  const withCeiling = (cents: string | undefined) => {
    if (cents === undefined) delete process.env.SMS_DAILY_CEILING_CENTS;
    else process.env.SMS_DAILY_CEILING_CENTS = cents;
    process.env.SMS_SEGMENT_PRICE_CENTS = "1";
    resetServerEnvCache();
  };
  afterAll(() => withCeiling(undefined));

  it("holds back openings and challenges once the day's segments are spent, never results or sign-in codes", async () => {
    withCeiling("2");
    const day = ownDay();
    const players = await Promise.all([1, 2, 3, 4].map(() => createProfile()));
    const ids: string[] = [];
    for (const player of players) {
      const queued = await queueText({ to: player.phone, body: "A pack opened", kind: "pack_open", profileId: player.id });
      if (queued.queued) ids.push(queued.id);
    }
    const results = await queueText({ to: players[0]!.phone, body: "Results are in", kind: "pack_graded", profileId: players[0]!.id });
    await deliverQueuedTexts({ now: day, limit: 50 });
    const db = await getDb();
    const rows = await db.select().from(smsOutbox).where(inArray(smsOutbox.id, ids));
    expect(rows.filter((row) => row.status === "sent")).toHaveLength(2);
    const held = rows.filter((row) => row.status === "skipped");
    expect(held).toHaveLength(2);
    for (const row of held) expect(row.lastError).toBe("daily text spending ceiling reached");
    expect(await outboxRow((results as { id: string }).id)).toMatchObject({ status: "sent" });

    // A sign-in code goes out past the ceiling.
    const before = twilio.received.length;
    expect((await requestCode(players[1]!.phone.slice(2))).status).toBe(200);
    expect(twilio.received.length).toBe(before + 1);

    // The next day has its own budget.
    const later = await queueText({ to: players[2]!.phone, body: "Another pack opened", kind: "pack_open", profileId: players[2]!.id });
    await deliverQueuedTexts({ now: ownDay(), limit: 50 });
    expect(await outboxRow((later as { id: string }).id)).toMatchObject({ status: "sent" });
  });

  it.skipIf(testDbKind() !== "postgres")("parallel workers never send more than the day's ceiling", async () => {
    withCeiling("7");
    const day = ownDay();
    const players = await Promise.all(Array.from({ length: 30 }, () => createProfile()));
    for (const player of players) await queueText({ to: player.phone, body: "A pack opened", kind: "pack_open", profileId: player.id });
    // Six workers claim three texts at a time until none is left.
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (;;) {
          const { sent, failed } = await deliverQueuedTexts({ now: day, limit: 3 });
          const db = await getDb();
          const [left] = await db
            .select({ id: smsOutbox.id })
            .from(smsOutbox)
            .where(inArray(smsOutbox.status, ["pending"]))
            .limit(1);
          if (!left && sent + failed === 0) return;
        }
      }),
    );
    const db = await getDb();
    const phones = players.map((player) => player.phone);
    const rows = await db.select().from(smsOutbox).where(inArray(smsOutbox.toPhone, phones));
    expect(rows.filter((row) => row.status === "sent")).toHaveLength(7);
    expect(rows.filter((row) => row.status === "skipped")).toHaveLength(23);
    const [spend] = await db
      .select()
      .from(smsDailySpend)
      .where(eq(smsDailySpend.day, day.toISOString().slice(0, 10)));
    expect(spend).toMatchObject({ segments: 7, refused: 23 });
  });
});

describe.runIf(testDbKind() === "postgres")("parallel callbacks on PostgreSQL", () => {
  it("end on the final status whatever order they arrive in, and mark the number once", async () => {
    for (let round = 0; round < 8; round++) {
      const player = await createProfile();
      const row = await textPlayer(player);
      const sid = row.providerMessageId!;
      const reports: Array<Record<string, string>> = [
        { MessageSid: sid, MessageStatus: "queued" },
        { MessageSid: sid, MessageStatus: "sending" },
        { MessageSid: sid, MessageStatus: "sent" },
        { MessageSid: sid, MessageStatus: "undelivered", ErrorCode: "30006" },
        { MessageSid: sid, MessageStatus: "sent" },
        { MessageSid: sid, MessageStatus: "queued" },
      ];
      reports.sort(() => Math.random() - 0.5);
      const answers = await Promise.all(reports.map((params) => callback(params)));
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      expect(await outboxRow(row.id)).toMatchObject({ deliveryStatus: "undelivered", deliveryErrorCode: 30006 });
      expect((await profileRow(player.id)).smsUndeliverableReason).toBe("30006");
    }
  });
});

describe("the admin's delivery rates", () => {
  it("counts each kind of text per day: sent, delivered, undelivered, failed", async () => {
    const player = await createProfile();
    // Due now: the delivery task's clock a little past the rows' own creation.
    const day = new Date(Date.now() + 60_000);
    const delivered = await textPlayer(player, "pick_fix", day);
    const failed = await textPlayer(player, "pick_fix", day);
    await callback({ MessageSid: delivered.providerMessageId!, MessageStatus: "delivered" });
    await callback({ MessageSid: failed.providerMessageId!, MessageStatus: "failed", ErrorCode: "30008" });
    const rates = await listDeliveryRates({ now: day });
    const row = rates.rows.find((rate) => rate.kind === "pick_fix");
    expect(row).toMatchObject({ sent: 2, delivered: 1, failed: 1, undelivered: 0, awaiting: 0 });
  });
});
