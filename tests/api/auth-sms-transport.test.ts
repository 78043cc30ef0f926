import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetServerEnvCache, serverEnv } from "@/env";
import { getDb } from "@/server/db/client";
import { loginCodes, profiles, smsOutbox } from "@/server/db/schema";
import { createLogTransport } from "@/server/integrations/sms/log-transport";
import { createTwilioTransport } from "@/server/integrations/sms/twilio-transport";
import { MAX_DELIVERY_ATTEMPTS, deliverQueuedTexts } from "@/server/notifications/deliver-queued-texts";
import { queueText } from "@/server/notifications/queue-text";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createProfile } from "../helpers/auth";
import { startFakeTwilio } from "../helpers/fake-twilio";
import { CookieJar, readSessionBody, requestCode, signInWithPhoneCode } from "../helpers/sign-in";

let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
let nextPhone = 4_000_000;
const freshPhone = () => `555${nextPhone++}`;
const ENV_KEYS = ["NODE_ENV", "SMS_TRANSPORT", "SMS_ALLOW_LOG_IN_PRODUCTION", "NEXTAUTH_SECRET", "TWILIO_ACCOUNT_SID"] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));

beforeAll(async () => {
  twilio = await startFakeTwilio();
  Object.assign(process.env, {
    SMS_TRANSPORT: "twilio",
    TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000001",
    TWILIO_AUTH_TOKEN: "test-auth-token",
    TWILIO_FROM_NUMBER: "+15550009999",
    TWILIO_BASE_URL: twilio.baseUrl,
  });
  delete process.env.SMS_LOG_FILE;
  resetServerEnvCache();
  await createTestDb();
});
afterAll(async () => {
  await closeTestDb();
  await twilio.close();
});
afterEach(() => {
  twilio.failWith(null);
  vi.restoreAllMocks();
});

/** Everything the process printed while `work` ran. */
async function captureOutput(work: () => Promise<void>): Promise<string> {
  const lines: string[] = [];
  const record = (...args: unknown[]) => void lines.push(args.map(String).join(" "));
  for (const method of ["log", "info", "warn", "error", "debug"] as const) vi.spyOn(console, method).mockImplementation(record);
  const write = (chunk: unknown) => (lines.push(String(chunk)), true);
  vi.spyOn(process.stdout, "write").mockImplementation(write);
  vi.spyOn(process.stderr, "write").mockImplementation(write);
  try {
    await work();
  } finally {
    vi.restoreAllMocks();
  }
  return lines.join("\n");
}

const codeIn = (body: string | undefined) => body?.match(/\b(\d{6})\b/)?.[1] ?? "";

describe("the Twilio transport", () => {
  it("posts the text to Twilio's Messages endpoint with Basic auth and the sender", async () => {
    const before = twilio.received.length;
    const phone = freshPhone();
    expect((await requestCode(phone)).status).toBe(200);
    const message = twilio.received.at(-1)!;
    expect(twilio.received.length).toBe(before + 1);
    expect(message.path).toBe("/2010-04-01/Accounts/AC00000000000000000000000000000001/Messages.json");
    expect(message.authorization).toBe(`Basic ${Buffer.from("AC00000000000000000000000000000001:test-auth-token").toString("base64")}`);
    expect(message.form).toMatchObject({ To: `+1${phone}`, From: "+15550009999" });
    expect(codeIn(message.form.Body)).toMatch(/^\d{6}$/);
    const db = await getDb();
    const [row] = await db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.toPhone, `+1${phone}`));
    expect(row).toMatchObject({ status: "sent", providerMessageId: expect.stringMatching(/^SM/) });
  });

  it("uses the messaging service instead of a sender number when one is configured", async () => {
    const transport = createTwilioTransport({
      accountSid: "AC1",
      authToken: "t",
      messagingServiceSid: "MG123",
      fromNumber: "+15550009999",
      baseUrl: twilio.baseUrl,
    });
    await transport.send({ to: "+15551230000", body: "hello" });
    expect(twilio.received.at(-1)!.form).toEqual({ To: "+15551230000", Body: "hello", MessagingServiceSid: "MG123" });
  });

  it("answers 'Could not send code' when Twilio refuses, and lets the player retry at once", async () => {
    const phone = freshPhone();
    const browser = new CookieJar();
    // The browser holds its sign-in ticket, so the retry below meets this browser's own 30 s wait if the code were kept.
    expect((await requestCode(freshPhone(), { jar: browser })).status).toBe(200);
    twilio.failWith(401);
    const failed = await requestCode(phone, { jar: browser });
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({ success: false, error: "Could not send code. Please try again." });
    const db = await getDb();
    expect(
      await db
        .select()
        .from(loginCodes)
        .where(eq(loginCodes.phone, `+1${phone}`)),
    ).toHaveLength(0);
    twilio.failWith(null);
    expect((await requestCode(phone, { jar: browser })).status).toBe(200);
  });
});

describe("sign-in codes stay out of the server logs", () => {
  it("never prints a code while sending, failing and verifying with a real transport", async () => {
    const phone = freshPhone();
    let code = "";
    const output = await captureOutput(async () => {
      const jar = new CookieJar();
      await requestCode(phone, { jar });
      code = codeIn(twilio.received.at(-1)!.form.Body);
      await signInWithPhoneCode(jar, phone, code === "000000" ? "111111" : "000000");
      expect((await signInWithPhoneCode(jar, phone, code)).error).toBeNull();
      await readSessionBody(jar);
      twilio.failWith(500);
      await requestCode(freshPhone());
    });
    expect(code).toMatch(/^\d{6}$/);
    expect(output).toContain("text not delivered");
    expect(output).not.toContain(code);
  });

  it("with the log transport, the code and the number go to its own file and never to the log", async () => {
    const logFile = path.join(mkdtempSync(path.join(tmpdir(), "takes-sms-")), "sms.log");
    const transport = createLogTransport({ logFile });
    const output = await captureOutput(async () => {
      await transport.send({ to: "+15551112222", body: "Your Takes code is 424242." });
    });
    expect(output).not.toContain("424242");
    expect(output).not.toContain("5551112222");
    expect(JSON.parse(output.trim().split("\n").at(-1)!)).toMatchObject({ msg: "sms (log transport)", file: logFile });
    const written = readFileSync(logFile, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(written).toEqual([
      { to: "+15551112222", body: "Your Takes code is 424242.", at: expect.any(String), sid: expect.stringMatching(/^LG[0-9a-f]{32}$/) },
    ]);
    expect(Number.isNaN(Date.parse(written[0].at))).toBe(false);
  });
});

describe("the outbox", () => {
  it("delivers a queued text once, with retries and backoff when the transport fails", async () => {
    const phone = freshPhone();
    const queued = await queueText({ to: phone, body: "Week 1 is open!", kind: "pack_open", dedupeKey: `test:${phone}` });
    expect(queued.queued).toBe(true);
    const db = await getDb();
    const start = new Date(Date.now() + 1_000);

    twilio.failWith(503);
    await captureOutput(async () => void (await deliverQueuedTexts({ now: start })));
    let [row] = await db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.toPhone, `+1${phone}`));
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "Twilio answered 503 (Twilio error 20003)" });
    expect(row!.nextAttemptAt.getTime() - start.getTime()).toBe(30_000);

    twilio.failWith(null);
    expect(await deliverQueuedTexts({ now: start })).toMatchObject({ sent: 0, failed: 0 });
    const later = new Date(start.getTime() + 30_000);
    expect(await deliverQueuedTexts({ now: later })).toMatchObject({ sent: 1, failed: 0 });
    [row] = await db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.toPhone, `+1${phone}`));
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
    expect(twilio.received.at(-1)!.form).toMatchObject({ To: `+1${phone}`, Body: "Week 1 is open!" });
    expect(await deliverQueuedTexts({ now: new Date(later.getTime() + 3_600_000) })).toMatchObject({ sent: 0, failed: 0 });
  });

  it("a text a dead worker left sending is sent again only when Twilio does not already hold it", async () => {
    const db = await getDb();
    const delivered = freshPhone();
    const lost = freshPhone();
    await queueText({ to: delivered, body: "Results are in: 12 pts", kind: "pack_graded" });
    await queueText({ to: lost, body: "Results are in: 7 pts", kind: "pack_graded" });
    // A worker claimed both, Twilio took the first text, and the worker died before writing anything down.
    const start = new Date(Date.now() + 1_000);
    for (const phone of [delivered, lost]) {
      await db
        .update(smsOutbox)
        .set({ status: "sending", attempts: 1, nextAttemptAt: new Date(start.getTime() - 1_000) })
        .where(eq(smsOutbox.toPhone, `+1${phone}`));
    }
    const transport = createTwilioTransport({
      accountSid: "AC00000000000000000000000000000001",
      authToken: "test-auth-token",
      fromNumber: "+15550009999",
      baseUrl: twilio.baseUrl,
    });
    const { providerMessageId } = await transport.send({ to: `+1${delivered}`, body: "Results are in: 12 pts" });
    const sendsBefore = twilio.received.length;

    const output = await captureOutput(async () => expect(await deliverQueuedTexts({ now: start })).toMatchObject({ sent: 2, failed: 0 }));
    expect(twilio.received.slice(sendsBefore).map((message) => message.form.To)).toEqual([`+1${lost}`]);
    const [first] = await db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.toPhone, `+1${delivered}`));
    expect(first).toMatchObject({ status: "sent", providerMessageId });
    const [second] = await db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.toPhone, `+1${lost}`));
    expect(second).toMatchObject({ status: "sent", providerMessageId: expect.stringMatching(/^SM/) });
    expect(output).toContain("text in doubt was already delivered; not sent again");
  });

  it("a send Twilio never answered stays in doubt, and is recorded, not sent again, once Twilio shows it", async () => {
    const db = await getDb();
    const phone = freshPhone();
    await queueText({ to: phone, body: "Results are in: 3 pts", kind: "pack_graded" });
    const start = new Date(Date.now() + 1_000);
    // Twilio creates the message and never answers: the transport gives up after its 10-second timeout.
    twilio.holdFrom(twilio.received.length + 1);
    const output = await captureOutput(async () => expect(await deliverQueuedTexts({ now: start })).toMatchObject({ sent: 0, failed: 1 }));
    twilio.release();
    expect(output).toContain('"inDoubt":true');
    let [row] = await db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.toPhone, `+1${phone}`));
    expect(row).toMatchObject({ status: "sending", attempts: 1 });
    const sendsBefore = twilio.received.length;

    await captureOutput(async () =>
      expect(await deliverQueuedTexts({ now: new Date(start.getTime() + 30_000) })).toMatchObject({ sent: 1, failed: 0 }),
    );
    expect(twilio.received.length).toBe(sendsBefore);
    [row] = await db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.toPhone, `+1${phone}`));
    expect(row).toMatchObject({ status: "sent", providerMessageId: twilio.created.find((message) => message.to === `+1${phone}`)!.sid });
  });

  it("gives up after the last attempt", async () => {
    const phone = freshPhone();
    await queueText({ to: phone, body: "Your takes are in.", kind: "pack_submitted" });
    twilio.failWith(500);
    let now = new Date(Date.now() + 1_000);
    await captureOutput(async () => {
      for (let i = 0; i < MAX_DELIVERY_ATTEMPTS + 1; i++) {
        await deliverQueuedTexts({ now });
        now = new Date(now.getTime() + 2 * 3_600_000);
      }
    });
    const db = await getDb();
    const [row] = await db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.toPhone, `+1${phone}`));
    expect(row).toMatchObject({ status: "failed", attempts: MAX_DELIVERY_ATTEMPTS });
  });

  it("queues one text per dedupe key", async () => {
    const phone = freshPhone();
    const key = `pack_open:once:${phone}`;
    const first = await queueText({ to: phone, body: "Open!", kind: "pack_open", dedupeKey: key });
    const second = await queueText({ to: phone, body: "Open!", kind: "pack_open", dedupeKey: key });
    expect(first.queued).toBe(true);
    expect(second).toEqual({ queued: false, reason: "duplicate" });
  });

  it("does not text a player who opted out, and says so", async () => {
    const player = await createProfile({ phone: `+1${freshPhone()}` });
    const db = await getDb();
    await db.update(profiles).set({ smsOptOut: true }).where(eq(profiles.id, player.id));
    expect(await queueText({ to: player.phone, body: "Open!", kind: "pack_open", profileId: player.id })).toEqual({
      queued: false,
      reason: "opted_out",
    });
    const [row] = await db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, player.phone));
    expect(row!.status).toBe("skipped");
  });

  it("never re-sends a sign-in text from its redacted outbox copy", async () => {
    const phone = freshPhone();
    twilio.failWith(500);
    await captureOutput(async () => void (await requestCode(phone)));
    twilio.failWith(null);
    const sentBefore = twilio.received.length;
    await deliverQueuedTexts({ now: new Date(Date.now() + 24 * 3_600_000) });
    expect(twilio.received.slice(sentBefore).filter((m) => m.form.To === `+1${phone}`)).toEqual([]);
    await expect(queueText({ to: phone, body: "x", kind: "login_code" })).rejects.toThrow(/never queued/);
  });
});

describe("choosing the transport", () => {
  // process.env is typed with a read-only NODE_ENV; these tests change it on purpose.
  const env = process.env as Record<string, string | undefined>;
  afterAll(() => {
    for (const key of ENV_KEYS) {
      if (savedEnv[key] === undefined) delete env[key];
      else env[key] = savedEnv[key];
    }
    resetServerEnvCache();
  });

  function envWith(values: Record<string, string | undefined>) {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete env[key];
      else env[key] = value;
    }
    resetServerEnvCache();
    return () => serverEnv();
  }

  it("refuses to start in production with the log transport unless explicitly allowed", () => {
    const read = envWith({ NODE_ENV: "production", NEXTAUTH_SECRET: "production-secret-0123456789", SMS_TRANSPORT: "log" });
    expect(read).toThrow(/SMS_TRANSPORT=log is refused in production/);
    envWith({ SMS_ALLOW_LOG_IN_PRODUCTION: "1" });
    expect(serverEnv().smsTransport).toBe("log");
  });

  it("defaults to Twilio in production and insists on its credentials", () => {
    const read = envWith({
      NODE_ENV: "production",
      NEXTAUTH_SECRET: "production-secret-0123456789",
      SMS_TRANSPORT: undefined,
      SMS_ALLOW_LOG_IN_PRODUCTION: undefined,
      TWILIO_ACCOUNT_SID: undefined,
    });
    expect(read).toThrow(/SMS_TRANSPORT=twilio needs TWILIO_ACCOUNT_SID/);
  });

  it("defaults to the log transport outside production", () => {
    envWith({ NODE_ENV: "development", SMS_TRANSPORT: undefined });
    expect(serverEnv().smsTransport).toBe("log");
  });
});
