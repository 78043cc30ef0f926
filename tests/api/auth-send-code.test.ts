import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetServerEnvCache } from "@/env";
import { purgeStaleLoginCodes } from "@/server/auth/purge-stale-login-codes";
import { sendLoginCode } from "@/server/auth/send-login-code";
import { getDb } from "@/server/db/client";
import { loginCodes, smsOutbox } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import { closeTestDb, createTestDb } from "../helpers/db";
import { createProfile } from "../helpers/auth";
import { CookieJar, latestCodeIn, requestCode, textsIn } from "../helpers/sign-in";

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
    const [stored] = await db
      .select()
      .from(loginCodes)
      .where(eq(loginCodes.phone, `+1${phone}`));
    expect(stored!.codeHash).not.toContain(code);
    const ticket = response.headers.getSetCookie()[0]!.split(";")[0]!.split("=")[1]!;
    expect(stored!.ticketHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.ticketHash).not.toContain(ticket);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(10 * 60_000);
    const outbox = await db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.toPhone, `+1${phone}`));
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

  it("gives the browser a sign-in ticket: a random http-only cookie for /api only, kept from one code to the next, Secure on https", async () => {
    const browser = new CookieJar();
    expect((await requestCode(freshPhone(), { jar: browser })).status).toBe(200);
    const ticket = browser.get("takes-sign-in");
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(browser.setCookieHeaders[0]).toMatch(/^takes-sign-in=[^;]+; Path=\/api; Max-Age=86400; HttpOnly; SameSite=Lax$/);
    expect((await requestCode(freshPhone(), { jar: browser })).status).toBe(200);
    expect(browser.get("takes-sign-in")).toBe(ticket);
    const other = new CookieJar();
    await requestCode(freshPhone(), { jar: other });
    expect(other.get("takes-sign-in")).not.toBe(ticket);

    const siteUrl = process.env.NEXTAUTH_URL;
    process.env.NEXTAUTH_URL = "https://takes.example";
    resetServerEnvCache();
    try {
      const secure = new CookieJar();
      expect((await requestCode(freshPhone(), { jar: secure })).status).toBe(200);
      expect(secure.setCookieHeaders[0]).toMatch(
        /^__Secure-takes-sign-in=[^;]+; Path=\/api; Max-Age=86400; HttpOnly; SameSite=Lax; Secure$/,
      );
    } finally {
      if (siteUrl === undefined) delete process.env.NEXTAUTH_URL;
      else process.env.NEXTAUTH_URL = siteUrl;
      resetServerEnvCache();
    }
  });

  it("gives a browser that sent something else than a ticket a ticket of its own", async () => {
    const browser = new CookieJar();
    const forged = new Response(null, { headers: { "set-cookie": "takes-sign-in=../../etc; Path=/api" } });
    browser.store(forged);
    expect((await requestCode(freshPhone(), { jar: browser })).status).toBe(200);
    expect(browser.get("takes-sign-in")).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("refuses a resend from the same browser within 30 seconds with 429 and Retry-After", async () => {
    const phone = freshPhone();
    const browser = new CookieJar();
    expect((await requestCode(phone, { jar: browser })).status).toBe(200);
    const again = await requestCode(phone, { jar: browser });
    expect(again.status).toBe(429);
    const retryAfter = Number(again.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);
    const body = (await again.json()) as { success: boolean; error: string; retryAfter: number };
    expect(body).toMatchObject({ success: false, retryAfter });
    expect(body.error).toBe(`Too many attempts. Try again in ${retryAfter}s.`);
    expect(textsIn(smsLogFile, phone)).toHaveLength(1);
  });

  it("does not make another browser wait for the first one's 30 seconds", async () => {
    const phone = freshPhone();
    expect((await requestCode(phone, { jar: new CookieJar(), ip: "198.51.100.120" })).status).toBe(200);
    expect((await requestCode(phone, { jar: new CookieJar(), ip: "198.51.100.121" })).status).toBe(200);
    expect(textsIn(smsLogFile, phone)).toHaveLength(2);
  });

  it("replaces the browser's previous code when it asks again after the wait", async () => {
    const phone = freshPhone();
    const start = new Date("2031-03-01T10:00:00Z");
    await sendLoginCode({ phone, ticket: "replace", clientAddress: "198.51.100.1", now: start });
    const first = latestCodeIn(smsLogFile, phone);
    await sendLoginCode({ phone, ticket: "replace", clientAddress: "198.51.100.1", now: new Date(start.getTime() + 31_000) });
    const db = await getDb();
    const rows = await db
      .select()
      .from(loginCodes)
      .where(eq(loginCodes.phone, `+1${phone}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.createdAt.toISOString()).toBe("2031-03-01T10:00:31.000Z");
    expect(textsIn(smsLogFile, phone)).toHaveLength(2);
    expect(first).toMatch(/^\d{6}$/);
  });

  it("allows one browser 5 codes per phone per hour, wherever it asks from, then 429 until the hour is over; another browser is not held up", async () => {
    const phone = freshPhone();
    const start = new Date("2031-03-02T10:00:00Z");
    for (let i = 0; i < 5; i++) {
      await sendLoginCode({ phone, ticket: "five", clientAddress: `198.51.100.${10 + i}`, now: new Date(start.getTime() + i * 31_000) });
    }
    const refused = await rateLimitOf(
      sendLoginCode({ phone, ticket: "five", clientAddress: "198.51.100.20", now: new Date(start.getTime() + 5 * 31_000) }),
    );
    expect(refused.status).toBe(429);
    expect(refused.extra.retryAfter).toBe(3600 - 5 * 31);
    await sendLoginCode({ phone, ticket: "another", clientAddress: "198.51.100.20", now: new Date(start.getTime() + 5 * 31_000) });
    await sendLoginCode({ phone, ticket: "five", clientAddress: "198.51.100.21", now: new Date("2031-03-02T11:00:00Z") });
  });

  it("texts one phone at most 5 codes an hour for one address, however many browsers it opens", async () => {
    const phone = freshPhone();
    const start = new Date("2031-03-04T10:00:00Z");
    const ip = "198.51.100.30";
    for (let i = 0; i < 5; i++) await sendLoginCode({ phone, ticket: `opened-${i}`, clientAddress: ip, now: start });
    const refused = await rateLimitOf(sendLoginCode({ phone, ticket: "opened-5", clientAddress: ip, now: start }));
    expect(refused.status).toBe(429);
    expect(refused.extra.retryAfter).toBe(3600);
    // Another address (the owner's, say) still gets its code.
    await sendLoginCode({ phone, ticket: "owner", clientAddress: "198.51.100.31", now: start });
    expect(textsIn(smsLogFile, phone)).toHaveLength(6);
  });

  it("forgets every browser's code a day after it expired, and keeps the others", async () => {
    const phone = freshPhone();
    const sentAt = new Date("2031-03-05T10:00:00Z");
    await sendLoginCode({ phone, ticket: "old-1", clientAddress: "198.51.100.40", now: sentAt });
    await sendLoginCode({ phone, ticket: "old-2", clientAddress: "198.51.100.41", now: sentAt });
    await sendLoginCode({ phone, ticket: "recent", clientAddress: "198.51.100.42", now: new Date("2031-03-06T09:00:00Z") });
    const db = await getDb();
    const left = () =>
      db
        .select({ createdAt: loginCodes.createdAt })
        .from(loginCodes)
        .where(eq(loginCodes.phone, `+1${phone}`));
    expect(await left()).toHaveLength(3);
    await purgeStaleLoginCodes({ now: new Date("2031-03-06T10:30:00Z") });
    expect((await left()).map((row) => row.createdAt.toISOString())).toEqual(["2031-03-06T09:00:00.000Z"]);
  });

  it("allows 20 codes per client IP per hour, then answers 429", async () => {
    const start = new Date("2031-03-03T10:00:00Z");
    const ip = "198.51.100.99";
    for (let i = 0; i < 20; i++) await sendLoginCode({ phone: freshPhone(), ticket: "busy", clientAddress: ip, now: start });
    const refused = await rateLimitOf(sendLoginCode({ phone: freshPhone(), ticket: "busy", clientAddress: ip, now: start }));
    expect(refused.status).toBe(429);
    expect(refused.userMessage).toBe("Too many attempts. Try again in 3600s.");
    await sendLoginCode({ phone: freshPhone(), ticket: "busy", clientAddress: "198.51.100.100", now: start });
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
