import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetServerEnvCache } from "@/env";
import { sendLoginCode } from "@/server/auth/send-login-code";
import { AppError } from "@/server/http/app-error";
import { closeTestDb, createTestDb } from "../helpers/db";
import { CookieJar, latestCodeIn, readSessionBody, requestCode, signInWithPhoneCode, textsIn } from "../helpers/sign-in";

const smsLogFile = path.join(mkdtempSync(path.join(tmpdir(), "takes-sms-")), "sms.log");
const ADMIN_PHONE = "5559990101";
let nextPhone = 5_000_000;
const freshPhone = () => `555${nextPhone++}`;

beforeAll(async () => {
  process.env.SMS_TRANSPORT = "log";
  process.env.SMS_LOG_FILE = smsLogFile;
  process.env.NEXTAUTH_URL = "http://localhost:3000";
  process.env.ADMIN_PHONES = ADMIN_PHONE;
  resetServerEnvCache();
  vi.spyOn(console, "log").mockImplementation(() => {});
  await createTestDb();
});
afterAll(closeTestDb);

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("wrong sign-in codes from strangers", () => {
  it("cannot lock out a phone that has no live code: after 60 anonymous wrong codes the admin asks for a code and signs in", async () => {
    const answers: string[] = [];
    for (const stranger of ["198.51.100.31", "198.51.100.32", "198.51.100.33"]) {
      for (let guess = 0; guess < 20; guess++) {
        const code = String(100_000 + guess);
        answers.push((await signInWithPhoneCode(new CookieJar(), ADMIN_PHONE, code, { ip: stranger })).error ?? "signed in");
      }
    }
    expect(answers).toEqual(Array(60).fill("CredentialsSignin"));

    expect((await requestCode(ADMIN_PHONE, { ip: "203.0.113.40" })).status).toBe(200);
    const jar = new CookieJar();
    const owner = await signInWithPhoneCode(jar, ADMIN_PHONE, latestCodeIn(smsLogFile, ADMIN_PHONE), { ip: "203.0.113.40" });
    expect(owner.error).toBeNull();
    expect((await readSessionBody(jar)).user).toMatchObject({ phone: `+1${ADMIN_PHONE}`, superAdmin: true });
  });

  it("gives one address 20 failed code checks an hour, whatever the phones; the 21st answers with the wait", async () => {
    const stranger = "198.51.100.50";
    const answers: string[] = [];
    for (let guess = 0; guess < 22; guess++) {
      answers.push((await signInWithPhoneCode(new CookieJar(), freshPhone(), "123456", { ip: stranger })).error ?? "signed in");
    }
    expect(answers.slice(0, 20)).toEqual(Array(20).fill("CredentialsSignin"));
    for (const answer of answers.slice(20)) expect(answer).toMatch(/^RateLimited:\d+$/);

    // Another address is not affected.
    const phone = freshPhone();
    await requestCode(phone, { ip: "198.51.100.51" });
    const other = await signInWithPhoneCode(new CookieJar(), phone, latestCodeIn(smsLogFile, phone), { ip: "198.51.100.51" });
    expect(other.error).toBeNull();
  });

  it("does not count a right code against the address: a busy shared address keeps signing people in", async () => {
    const shared = "198.51.100.60";
    const statuses: Array<string | null> = [];
    for (let player = 0; player < 25; player++) {
      const phone = freshPhone();
      expect((await requestCode(phone, { ip: `198.51.101.${player}` })).status).toBe(200);
      statuses.push((await signInWithPhoneCode(new CookieJar(), phone, latestCodeIn(smsLogFile, phone), { ip: shared })).error);
    }
    expect(statuses).toEqual(Array(25).fill(null));
  });
});

describe("the hourly budget of sign-in texts", () => {
  afterAll(() => {
    delete process.env.SIGN_IN_TEXTS_PER_HOUR;
    resetServerEnvCache();
  });

  it("sends at most SIGN_IN_TEXTS_PER_HOUR texts an hour for the whole app, then answers 429 with the wait and texts nothing", async () => {
    process.env.SIGN_IN_TEXTS_PER_HOUR = "30";
    resetServerEnvCache();
    const start = new Date("2032-05-04T10:20:00Z");
    // 30 texts from 10 addresses (each under its own 20), to 30 phones (each under its own 5).
    for (let i = 0; i < 30; i++) {
      await sendLoginCode({ phone: freshPhone(), clientAddress: `198.51.102.${i % 10}`, now: start });
    }
    const phone = freshPhone();
    const refused = await refusal(sendLoginCode({ phone, clientAddress: "198.51.102.99", now: start }));
    expect(refused.status).toBe(429);
    expect(refused.extra.retryAfter).toBe(40 * 60);
    expect(refused.userMessage).toBe("Too many attempts. Try again in 2400s.");
    expect(textsIn(smsLogFile, phone)).toHaveLength(0);

    // The next hour the budget is full again.
    await sendLoginCode({ phone, clientAddress: "198.51.102.99", now: new Date("2032-05-04T11:00:00Z") });
    expect(textsIn(smsLogFile, phone)).toHaveLength(1);
  });

  it("is not spent by sends another limit refused", async () => {
    process.env.SIGN_IN_TEXTS_PER_HOUR = "3";
    resetServerEnvCache();
    const start = new Date("2032-05-05T10:00:00Z");
    const phone = freshPhone();
    await sendLoginCode({ phone, clientAddress: "198.51.103.1", now: start });
    for (let i = 0; i < 5; i++) {
      expect((await refusal(sendLoginCode({ phone, clientAddress: "198.51.103.1", now: start }))).status).toBe(429);
    }
    await sendLoginCode({ phone: freshPhone(), clientAddress: "198.51.103.2", now: start });
    await sendLoginCode({ phone: freshPhone(), clientAddress: "198.51.103.3", now: start });
    expect((await refusal(sendLoginCode({ phone: freshPhone(), clientAddress: "198.51.103.4", now: start }))).status).toBe(429);
  });
});
