import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetServerEnvCache } from "@/env";
import { sendLoginCode } from "@/server/auth/send-login-code";
import { getDb } from "@/server/db/client";
import { loginCodes, smsOutbox } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createProfile } from "../helpers/auth";
import { latestCodeIn, requestCode, textsIn } from "../helpers/sign-in";

const smsLogFile = path.join(mkdtempSync(path.join(tmpdir(), "takes-sms-")), "sms.log");
let nextPhone = 2_000_000;
const freshPhone = () => `555${nextPhone++}`;

beforeAll(async () => {
  process.env.SMS_TRANSPORT = "log";
  process.env.SMS_LOG_FILE = smsLogFile;
  resetServerEnvCache();
  vi.spyOn(console, "log").mockImplementation(() => {});
  await createTestDb();
});
afterAll(closeTestDb);

async function rateLimitOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("POST /api/sendCode", () => {
  it("texts a 6-digit code and keeps only its hash and a redacted copy", async () => {
    const phone = freshPhone();
    const response = await requestCode(phone);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });

    const code = latestCodeIn(smsLogFile, phone);
    expect(code).toMatch(/^\d{6}$/);
    const db = await getDb();
    const [stored] = await db.select().from(loginCodes).where(eq(loginCodes.phone, `+1${phone}`));
    expect(stored!.codeHash).not.toContain(code);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(10 * 60_000);
    const outbox = await db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, `+1${phone}`));
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.body).not.toContain(code);
    expect(outbox[0]!.body).toContain("••••••");
    expect(outbox[0]!.status).toBe("sent");
  });

  it("accepts the masked and autofilled forms of a number", async () => {
    const digits = freshPhone();
    expect((await requestCode(`(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`)).status).toBe(200);
    const other = freshPhone();
    expect((await requestCode(`+1 ${other}`)).status).toBe(200);
    expect(textsIn(smsLogFile, other).at(-1)!.to).toBe(`+1${other}`);
  });

  it("answers a phone with a profile exactly like a phone without one", async () => {
    const known = await createProfile({ phone: `+1${freshPhone()}` });
    const unknown = freshPhone();
    const forKnown = await requestCode(known.phone);
    const forUnknown = await requestCode(unknown);
    expect(forKnown.status).toBe(forUnknown.status);
    expect(await forKnown.json()).toEqual(await forUnknown.json());
    expect(textsIn(smsLogFile, known.phone)).toHaveLength(1);
    expect(textsIn(smsLogFile, unknown)).toHaveLength(1);
  });

  it("refuses a resend within 30 seconds with 429 and Retry-After", async () => {
    const phone = freshPhone();
    expect((await requestCode(phone)).status).toBe(200);
    const again = await requestCode(phone);
    expect(again.status).toBe(429);
    const retryAfter = Number(again.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);
    const body = (await again.json()) as { success: boolean; error: string; retryAfter: number };
    expect(body).toMatchObject({ success: false, retryAfter });
    expect(body.error).toBe(`Too many attempts. Try again in ${retryAfter}s.`);
    expect(textsIn(smsLogFile, phone)).toHaveLength(1);
  });

  it("replaces the previous code when a new one is sent after the wait", async () => {
    const phone = freshPhone();
    const start = new Date("2031-03-01T10:00:00Z");
    await sendLoginCode({ phone, clientAddress: "198.51.100.1", now: start });
    const first = latestCodeIn(smsLogFile, phone);
    await sendLoginCode({ phone, clientAddress: "198.51.100.1", now: new Date(start.getTime() + 31_000) });
    const db = await getDb();
    const rows = await db.select().from(loginCodes).where(eq(loginCodes.phone, `+1${phone}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.createdAt.toISOString()).toBe("2031-03-01T10:00:31.000Z");
    expect(textsIn(smsLogFile, phone)).toHaveLength(2);
    expect(first).toMatch(/^\d{6}$/);
  });

  it("allows 5 codes per phone per hour, then 429 until the hour is over", async () => {
    const phone = freshPhone();
    const start = new Date("2031-03-02T10:00:00Z");
    for (let i = 0; i < 5; i++) {
      await sendLoginCode({ phone, clientAddress: `198.51.100.${10 + i}`, now: new Date(start.getTime() + i * 31_000) });
    }
    const refused = await rateLimitOf(
      sendLoginCode({ phone, clientAddress: "198.51.100.20", now: new Date(start.getTime() + 5 * 31_000) }),
    );
    expect(refused.status).toBe(429);
    expect(refused.extra.retryAfter).toBe(3600 - 5 * 31);
    await sendLoginCode({ phone, clientAddress: "198.51.100.21", now: new Date("2031-03-02T11:00:00Z") });
  });

  it("allows 20 codes per client IP per hour, then answers 429", async () => {
    const start = new Date("2031-03-03T10:00:00Z");
    const ip = "198.51.100.99";
    for (let i = 0; i < 20; i++) await sendLoginCode({ phone: freshPhone(), clientAddress: ip, now: start });
    const refused = await rateLimitOf(sendLoginCode({ phone: freshPhone(), clientAddress: ip, now: start }));
    expect(refused.status).toBe(429);
    expect(refused.userMessage).toBe("Too many attempts. Try again in 3600s.");
    await sendLoginCode({ phone: freshPhone(), clientAddress: "198.51.100.100", now: start });
  });

  it("counts the address our proxy added to x-forwarded-for, whatever the client wrote before it", async () => {
    const ip = "192.0.2.200";
    for (let i = 0; i < 20; i++) expect((await requestCode(freshPhone(), { ip: `10.0.0.${i}, ${ip}` })).status).toBe(200);
    const refused = await requestCode(freshPhone(), { ip: `10.9.9.9, ${ip}` });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("rejects something that is not a 10-digit number with 400, texting nothing: a number with an extension or extra digits is not cut to ten", async () => {
    for (const phone of ["555123", "", "not a phone", "1 (555) 292-0704 ext 9", "555-292-0704-1", "25552920704"]) {
      const response = await requestCode(phone);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ success: false, error: "Please enter a 10-digit phone number." });
    }
    // What cutting to ten digits would have texted: 155 529 2070, 555 292 0704 and 255 529 2070.
    for (const cut of ["1555292070", "5552920704", "2555292070"]) expect(textsIn(smsLogFile, cut)).toHaveLength(0);
  });
});
