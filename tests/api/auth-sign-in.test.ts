import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { decode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as aiConfigRoute } from "@/app/api/admin/aiConfig/route";
import { readSession } from "@/server/auth/session";
import { resetServerEnvCache, serverEnv } from "@/env";
import { sendLoginCode } from "@/server/auth/send-login-code";
import { verifyLoginCode } from "@/server/auth/verify-login-code";
import { getDb } from "@/server/db/client";
import { adminAuditLog, loginCodes, profiles } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams } from "../helpers/auth";
import {
  CookieJar,
  authRequest,
  browserWithTicket,
  csrfToken,
  latestCodeIn,
  readSessionBody,
  requestCode,
  signInWithPhoneCode,
} from "../helpers/sign-in";

const smsLogFile = path.join(mkdtempSync(path.join(tmpdir(), "takes-sms-")), "sms.log");
let nextPhone = 3_000_000;
const freshPhone = () => `555${nextPhone++}`;
const ADMIN_PHONE_LOCAL = "5559990001";
const ADMIN_PHONE_E164 = "+15559990002";

beforeAll(async () => {
  process.env.SMS_TRANSPORT = "log";
  process.env.SMS_LOG_FILE = smsLogFile;
  process.env.NEXTAUTH_URL = "http://localhost:3000";
  process.env.ADMIN_PHONES = `${ADMIN_PHONE_LOCAL}, ${ADMIN_PHONE_E164}`;
  resetServerEnvCache();
  vi.spyOn(console, "log").mockImplementation(() => {});
  await createTestDb();
});
afterAll(closeTestDb);

/** A new browser asks for a code for a fresh phone and signs in with it. */
async function signUp(phone = freshPhone()) {
  const jar = new CookieJar();
  expect((await requestCode(phone, { jar })).status).toBe(200);
  const answer = await signInWithPhoneCode(jar, phone, latestCodeIn(smsLogFile, phone));
  expect(answer.error).toBeNull();
  return { jar, phone, answer };
}

function wrongCodeFor(code: string): string {
  return code === "000000" ? "111111" : "000000";
}

describe("signing in with a phone code", () => {
  it("creates the profile on first sign-in with a generated handle and starts a session", async () => {
    const { jar, phone, answer } = await signUp();
    expect(answer.status).toBe(200);
    expect(answer.url).toBe("http://localhost:3000/packs");
    const session = await readSessionBody(jar);
    expect(session.user).toEqual({
      id: expect.any(String),
      profileID: expect.stringMatching(/^taker\d{6}$/),
      phone: `+1${phone}`,
      superAdmin: false,
      isNewProfile: true,
      tokensBalance: 0,
    });
    const db = await getDb();
    const [row] = await db
      .select()
      .from(profiles)
      .where(eq(profiles.phone, `+1${phone}`));
    expect(row).toMatchObject({ id: session.user!.id, handle: session.user!.profileID, handleIsGenerated: true });
  });

  it("signs a returning player into the same profile, no longer marked new", async () => {
    const { jar: first, phone } = await signUp();
    const firstSession = await readSessionBody(first);
    const second = new CookieJar();
    expect((await requestCode(phone, { jar: second })).status).toBe(200);
    expect((await signInWithPhoneCode(second, phone, latestCodeIn(smsLogFile, phone))).error).toBeNull();
    const secondSession = await readSessionBody(second);
    expect(secondSession.user!.id).toBe(firstSession.user!.id);
    expect(secondSession.user).not.toHaveProperty("isNewProfile");
  });

  it("signs one number typed three ways into one account: +1 (555) 555-1234, 555.555.1234 and 15555551234 are the same player", async () => {
    const digits = freshPhone();
    const [area, exchange, line] = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)];
    const typings = [`+1 (${area}) ${exchange}-${line}`, `${area}.${exchange}.${line}`, `1${digits}`];
    const ids: unknown[] = [];
    for (const typed of typings) {
      const jar = new CookieJar();
      // An address of its own: the file's other tests spend 203.0.113.7's hourly sends.
      expect((await requestCode(typed, { jar, ip: "203.0.113.40" })).status).toBe(200);
      expect((await signInWithPhoneCode(jar, typed, latestCodeIn(smsLogFile, digits), { ip: "203.0.113.40" })).error).toBeNull();
      const session = await readSessionBody(jar);
      expect(session.user!.phone).toBe(`+1${digits}`);
      ids.push(session.user!.id);
    }
    expect(new Set(ids).size).toBe(1);
    const db = await getDb();
    const stored = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.phone, `+1${digits}`));
    expect(stored).toEqual([{ id: ids[0] }]);
  });

  it("sets the session cookie http-only and SameSite=Lax", async () => {
    const phone = freshPhone();
    const jar = new CookieJar();
    await requestCode(phone, { jar });
    const token = await csrfToken(jar);
    const response = await authRequest("callback/credentials", {
      jar,
      form: { phone, code: latestCodeIn(smsLogFile, phone), csrfToken: token, callbackUrl: "/", json: "true" },
    });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("marks the session cookie Secure when the site runs on https", async () => {
    process.env.NEXTAUTH_URL = "https://takes.example";
    resetServerEnvCache();
    try {
      const phone = freshPhone();
      const jar = new CookieJar();
      await requestCode(phone, { jar });
      expect((await signInWithPhoneCode(jar, phone, latestCodeIn(smsLogFile, phone))).error).toBeNull();
      const token = jar.get("__Secure-next-auth.session-token");
      expect(token).toBeDefined();
      const cookie = jar.setCookieHeaders.find((header) => header.startsWith("__Secure-next-auth.session-token="));
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      const request = await apiRequest("/api/admin/aiConfig", { headers: { cookie: `__Secure-next-auth.session-token=${token}` } });
      expect(await readSession(request)).toMatchObject({ phone: `+1${phone}`, superAdmin: false });
    } finally {
      process.env.NEXTAUTH_URL = "http://localhost:3000";
      resetServerEnvCache();
    }
  });

  it("refuses a wrong code with CredentialsSignin and no session", async () => {
    const phone = freshPhone();
    const jar = new CookieJar();
    await requestCode(phone, { jar });
    const answer = await signInWithPhoneCode(jar, phone, wrongCodeFor(latestCodeIn(smsLogFile, phone)));
    expect(answer.status).toBe(401);
    expect(answer.error).toBe("CredentialsSignin");
    expect(await readSessionBody(jar)).toEqual({});
  });

  it("refuses an expired code", async () => {
    const phone = freshPhone();
    const sentAt = new Date(Date.now() - 11 * 60_000);
    const { jar, ticket } = browserWithTicket();
    await sendLoginCode({ phone, ticket, clientAddress: "198.51.100.1", now: sentAt });
    const answer = await signInWithPhoneCode(jar, phone, latestCodeIn(smsLogFile, phone));
    expect(answer.error).toBe("CredentialsSignin");
  });

  it("accepts a code only once", async () => {
    const phone = freshPhone();
    const jar = new CookieJar();
    await requestCode(phone, { jar });
    const code = latestCodeIn(smsLogFile, phone);
    expect((await signInWithPhoneCode(jar, phone, code)).error).toBeNull();
    expect((await signInWithPhoneCode(jar, phone, code)).error).toBe("CredentialsSignin");
  });

  it("accepts a code only from the browser that asked for it: the same code typed in another browser is refused", async () => {
    const phone = freshPhone();
    const owner = new CookieJar();
    await requestCode(phone, { jar: owner });
    const code = latestCodeIn(smsLogFile, phone);
    const elsewhere = new CookieJar();
    expect((await signInWithPhoneCode(elsewhere, phone, code)).error).toBe("CredentialsSignin");
    expect(await readSessionBody(elsewhere)).toEqual({});
    expect((await signInWithPhoneCode(owner, phone, code)).error).toBeNull();
  });

  it("marks a browser that signs in as one of the phone's own with an http-only cookie for /api that does not show the phone", async () => {
    const { jar, phone } = await signUp();
    const mark = jar.get("takes-known-phone");
    expect(mark).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mark).not.toContain(phone);
    const header = jar.setCookieHeaders.find((cookie) => cookie.startsWith("takes-known-phone="));
    expect(header).toMatch(/; Path=\/api; Max-Age=31536000; HttpOnly; SameSite=Lax$/);
    // A wrong code marks nothing.
    const other = new CookieJar();
    await requestCode(freshPhone(), { jar: other });
    await signInWithPhoneCode(other, phone, "000000");
    expect(other.get("takes-known-phone")).toBeUndefined();
  });

  it("kills a code after 5 wrong guesses: the right code on the 6th try fails", async () => {
    const phone = freshPhone();
    const jar = new CookieJar();
    await requestCode(phone, { jar });
    const code = latestCodeIn(smsLogFile, phone);
    for (let i = 0; i < 5; i++) {
      expect((await signInWithPhoneCode(jar, phone, wrongCodeFor(code))).error).toBe("CredentialsSignin");
    }
    expect((await signInWithPhoneCode(jar, phone, code)).error).toBe("CredentialsSignin");
    expect(await readSessionBody(jar)).toEqual({});
  });

  it("counts parallel wrong guesses exactly", async () => {
    const phone = freshPhone();
    const { ticket } = browserWithTicket();
    await sendLoginCode({ phone, ticket, clientAddress: "198.51.100.4" });
    const code = latestCodeIn(smsLogFile, phone);
    const clientAddress = "198.51.100.4";
    await Promise.all(Array.from({ length: 8 }, () => verifyLoginCode({ phone, code: wrongCodeFor(code), ticket, clientAddress })));
    const db = await getDb();
    const [row] = await db
      .select()
      .from(loginCodes)
      .where(eq(loginCodes.phone, `+1${phone}`));
    expect(row!.failedAttempts).toBe(5);
    expect(await verifyLoginCode({ phone, code, ticket, clientAddress })).toEqual({ verified: false });
  });

  it("lets exactly one of parallel sign-ins with the right code through", async () => {
    const phone = freshPhone();
    const { ticket } = browserWithTicket();
    await sendLoginCode({ phone, ticket, clientAddress: "198.51.100.6" });
    const code = latestCodeIn(smsLogFile, phone);
    const checks = await Promise.all(
      Array.from({ length: 6 }, () => verifyLoginCode({ phone, code, ticket, clientAddress: "198.51.100.6" })),
    );
    expect(checks.filter((check) => check.verified)).toHaveLength(1);
  });

  it("pauses one address's sign-in for a phone for an hour after 20 wrong guesses at its codes in a day", async () => {
    const phone = freshPhone();
    const guesser = "198.51.100.2";
    // The guesser's own browser asks for the codes (texted to the phone's owner) and guesses at them.
    const { ticket } = browserWithTicket();
    // Ten minutes ago, but within today's (UTC) window of the daily count.
    const startOfDay = new Date(new Date().toISOString().slice(0, 10)).getTime();
    const start = new Date(Math.max(Date.now() - 10 * 60_000, startOfDay + 1_000));
    let failures = 0;
    for (let round = 0; round < 4; round++) {
      const sentAt = new Date(start.getTime() + round * 31_000);
      await sendLoginCode({ phone, ticket, clientAddress: guesser, now: sentAt });
      const code = latestCodeIn(smsLogFile, phone);
      for (let guess = 0; guess < 5 && failures < 19; guess++, failures++) {
        const answer = await verifyLoginCode({ phone, code: wrongCodeFor(code), ticket, clientAddress: guesser, now: sentAt });
        expect(answer).toEqual({ verified: false });
      }
    }
    // The 20th wrong guess at a live code starts the pause; the answer says how long.
    await sendLoginCode({ phone, ticket, clientAddress: guesser, now: new Date(start.getTime() + 4 * 31_000) });
    const live = latestCodeIn(smsLogFile, phone);
    const twentieth = await verifyLoginCode({ phone, code: wrongCodeFor(live), ticket, clientAddress: guesser, now: start }).catch(
      (e: unknown) => e,
    );
    expect(twentieth).toBeInstanceOf(AppError);
    expect((twentieth as AppError).extra.retryAfter).toBe(3600);

    // While paused, that address can neither ask for a code for the phone nor sign in with one; next-auth reports the wait.
    expect((await requestCode(phone, { ip: guesser })).status).toBe(429);
    const answer = await signInWithPhoneCode(new CookieJar(), phone, live, { ip: guesser });
    expect(answer.error).toMatch(/^RateLimited:\d+$/);
    const seconds = Number(answer.error!.split(":")[1]);
    expect(seconds).toBeGreaterThan(2900);
    expect(seconds).toBeLessThanOrEqual(3600);

    // The owner, on another address, asks for a code and signs in with it at once.
    const owner = new CookieJar();
    expect((await requestCode(phone, { ip: "198.51.100.5", jar: owner })).status).toBe(200);
    expect((await signInWithPhoneCode(owner, phone, latestCodeIn(smsLogFile, phone), { ip: "198.51.100.5" })).error).toBeNull();

    // An hour later the guessing address may sign in again.
    const later = new Date(start.getTime() + 61 * 60_000);
    await sendLoginCode({ phone, ticket, clientAddress: guesser, now: later });
    expect(await verifyLoginCode({ phone, code: latestCodeIn(smsLogFile, phone), ticket, clientAddress: guesser, now: later })).toEqual({
      verified: true,
      phone: `+1${phone}`,
    });
  });

  it("refuses a sign-in post without the CSRF token", async () => {
    const phone = freshPhone();
    const jar = new CookieJar();
    await requestCode(phone, { jar });
    const response = await authRequest("callback/credentials", {
      jar,
      form: { phone, code: latestCodeIn(smsLogFile, phone), callbackUrl: "/", json: "true" },
    });
    const { url } = (await response.json()) as { url: string };
    expect(url).toContain("csrf=true");
    expect(await readSessionBody(jar)).toEqual({});
  });
});

describe("the session", () => {
  it("cannot be given another identity or admin rights by a session update from the browser", async () => {
    const { jar } = await signUp();
    const before = await readSessionBody(jar);
    const victim = await createProfile({ superAdmin: true });
    const forged = { profileID: victim.handle, superAdmin: true, id: victim.id, sub: victim.id, phone: victim.phone };
    const response = await authRequest("session", {
      jar,
      json: { csrfToken: await csrfToken(jar), data: { ...forged, user: forged } },
    });
    expect(response.status).toBe(200);
    const updated = (await response.json()) as { user: Record<string, unknown> };
    expect(updated.user).toEqual({
      id: before.user!.id,
      profileID: before.user!.profileID,
      phone: before.user!.phone,
      superAdmin: false,
      tokensBalance: 0,
    });
    const token = await decode({ token: jar.get("next-auth.session-token"), secret: serverEnv().nextAuthSecret });
    expect(token).toMatchObject({ sub: before.user!.id, profileID: before.user!.profileID, superAdmin: false });
    expect(await readSessionBody(jar)).toMatchObject({ user: { id: before.user!.id, superAdmin: false } });
  });

  it("shows a new username after a session update, read from the database", async () => {
    const { jar } = await signUp();
    const { id } = (await readSessionBody(jar)).user as { id: string };
    await getDb().then((db) => db.update(profiles).set({ handle: "Renamed_Fan" }).where(eq(profiles.id, id)));
    const response = await authRequest("session", { jar, json: { csrfToken: await csrfToken(jar), data: {} } });
    expect(((await response.json()) as { user: { profileID: string } }).user.profileID).toBe("Renamed_Fan");
  });

  it("ignores a session update without the CSRF token", async () => {
    const { jar } = await signUp();
    const response = await authRequest("session", { jar, json: { data: { superAdmin: true } } });
    expect(response.status).toBe(400);
  });

  it("ends on sign-out", async () => {
    const { jar } = await signUp();
    const response = await authRequest("signout", {
      jar,
      form: { csrfToken: await csrfToken(jar), callbackUrl: "/?logout=1", json: "true" },
    });
    expect(await response.json()).toEqual({ url: "http://localhost:3000/?logout=1" });
    expect(jar.get("next-auth.session-token")).toBeUndefined();
    expect(await readSessionBody(jar)).toEqual({});
  });

  it("answers GET session with an empty object when signed out", async () => {
    const response = await authRequest("session");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
  });

  it("lists the credentials provider and hands out a CSRF token", async () => {
    const providers = (await (await authRequest("providers")).json()) as Record<string, { type: string; id: string }>;
    expect(providers.credentials).toMatchObject({ id: "credentials", type: "credentials" });
    const jar = new CookieJar();
    expect(await csrfToken(jar)).toMatch(/^[0-9a-f]{64}$/);
    expect(jar.get("next-auth.csrf-token")).toBeDefined();
  });

  it("accepts the browser's log beacon", async () => {
    const errorLog = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await authRequest("_log", {
      form: { level: "error", code: "CLIENT_SESSION_ERROR", error: "session 500" },
    });
    expect(response.status).toBe(200);
    expect(errorLog.mock.calls.flat().join("\n")).toContain("CLIENT_SESSION_ERROR");
    errorLog.mockRestore();
  });

  it("sends SessionRequired and unknown providers to the /login page with a callbackUrl", async () => {
    const required = await authRequest("error?error=SessionRequired");
    expect(required.status).toBe(302);
    const signin = required.headers.get("location")!;
    expect(signin).toBe("http://localhost:3000/api/auth/signin?error=SessionRequired");
    const toLogin = await authRequest(`signin?${new URL(signin).searchParams}&callbackUrl=%2Fpacks`);
    expect(toLogin.headers.get("location")).toBe("/login?callbackUrl=http%3A%2F%2Flocalhost%3A3000%2Fpacks&error=SessionRequired");

    const unknown = await authRequest("signin/github");
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("location")).toMatch(/^\/login\?callbackUrl=/);
  });
});

describe("super admins", () => {
  it("makes a phone listed in ADMIN_PHONES super admin at sign-in, in either form, and audits it", async () => {
    for (const phone of [ADMIN_PHONE_LOCAL, ADMIN_PHONE_E164.slice(2)]) {
      const { jar } = await signUp(phone);
      const session = await readSessionBody(jar);
      expect(session.user).toMatchObject({ superAdmin: true, phone: `+1${phone}` });
      const db = await getDb();
      const audit = await db
        .select()
        .from(adminAuditLog)
        .where(eq(adminAuditLog.entityId, session.user!.id as string));
      expect(audit).toHaveLength(1);
      expect(audit[0]!.action).toBe("grant_super_admin_from_admin_phones");
    }
  });

  it("answers an admin route 401 signed out and 403 for a player", async () => {
    expect((await aiConfigRoute(await apiRequest("/api/admin/aiConfig"), routeParams({}))).status).toBe(401);
    const player = await createProfile();
    const response = await aiConfigRoute(await apiRequest("/api/admin/aiConfig", { as: player }), routeParams({}));
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ success: false });
  });

  it("refuses a revoked admin at once, although the session still says superAdmin", async () => {
    const { jar } = await signUp(String(Number(ADMIN_PHONE_LOCAL) + 100));
    const db = await getDb();
    const { id } = (await readSessionBody(jar)).user as { id: string };
    await db.update(profiles).set({ superAdmin: true }).where(eq(profiles.id, id));
    // A session minted while the flag was set:
    const refreshed = await authRequest("session", { jar, json: { csrfToken: await csrfToken(jar), data: {} } });
    expect(((await refreshed.json()) as { user: { superAdmin: boolean } }).user.superAdmin).toBe(true);
    const cookie = jar.header();
    const asAdmin = await aiConfigRoute(await apiRequest("/api/admin/aiConfig", { headers: { cookie } }), routeParams({}));
    expect(asAdmin.status).toBe(200);
    expect(await asAdmin.json()).toEqual({ success: true, defaultModel: "gpt-5-mini" });

    await db.update(profiles).set({ superAdmin: false }).where(eq(profiles.id, id));
    const revoked = await aiConfigRoute(await apiRequest("/api/admin/aiConfig", { headers: { cookie } }), routeParams({}));
    expect(revoked.status).toBe(403);
  });
});
