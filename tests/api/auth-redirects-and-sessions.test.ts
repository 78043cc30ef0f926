import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as authRoute } from "@/app/api/auth/[...nextauth]/route";
import { GET as aiConfigRoute } from "@/app/api/admin/aiConfig/route";
import { POST as updateUsernameRoute } from "@/app/api/profile/updateUsername/route";
import { resetServerEnvCache } from "@/env";
import { SESSION_VERSION_CACHE_MS } from "@/server/auth/is-session-current";
import { CLIENT_LOG_LINES_PER_WINDOW, receiveClientLog } from "@/server/auth/receive-client-log";
import { readSession } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { profiles } from "@/server/db/schema";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, routeParams, sessionCookieFor } from "../helpers/auth";
import { CookieJar, authRequest, csrfToken, latestCodeIn, readSessionBody, requestCode, signInWithPhoneCode } from "../helpers/sign-in";

const ORIGIN = "http://localhost:3000";
const smsLogFile = path.join(mkdtempSync(path.join(tmpdir(), "takes-sms-")), "sms.log");
const ADMIN_PHONE = "5559990101";
let nextPhone = 4_100_000;
const freshPhone = () => `555${nextPhone++}`;

beforeAll(async () => {
  process.env.SMS_TRANSPORT = "log";
  process.env.SMS_LOG_FILE = smsLogFile;
  process.env.NEXTAUTH_URL = ORIGIN;
  process.env.ADMIN_PHONES = ADMIN_PHONE;
  resetServerEnvCache();
  vi.spyOn(console, "log").mockImplementation(() => {});
  await createTestDb();
});
afterAll(closeTestDb);
afterEach(() => vi.mocked(console.error).mockRestore?.());

/** A player signed in on one browser through the real phone-code flow. */
async function signIn(phone = freshPhone()): Promise<CookieJar> {
  const jar = new CookieJar();
  expect((await requestCode(phone, { jar })).status).toBe(200);
  expect((await signInWithPhoneCode(jar, phone, latestCodeIn(smsLogFile, phone))).error).toBeNull();
  return jar;
}

/** The same cookies in another browser (a copied cookie). */
function copyOf(jar: CookieJar): string {
  return jar.header();
}

async function logOut(jar: CookieJar): Promise<Response> {
  return authRequest("signout", { jar, form: { csrfToken: await csrfToken(jar), callbackUrl: "/?logout=1", json: "true" } });
}

/** A rename, the write every signed-in player can make. */
async function renameWith(cookie: string, username: string): Promise<Response> {
  const request = await apiRequest("/api/profile/updateUsername", {
    body: { username },
    headers: { cookie, origin: ORIGIN },
  });
  return updateUsernameRoute(request, routeParams({}));
}

function sessionBodyWith(cookie: string) {
  return authRequest("session", { jar: jarWith(cookie) }).then((response) => response.json() as Promise<Record<string, unknown>>);
}

function jarWith(cookie: string): CookieJar {
  const jar = new CookieJar();
  jar.store(new Response(null, { headers: cookie.split("; ").map((pair) => ["set-cookie", pair] as [string, string]) }));
  return jar;
}

describe("next-auth's callbackUrl", () => {
  it.each([
    ["a URL that does not parse", "http://["],
    ["a scheme with nothing after it", "https:"],
    ["percent signs that decode to nothing", "/%E0%A4%A"],
  ])("answers the sign-in redirect, not a 500, for %s in the query", async (_what, callbackUrl) => {
    const response = await authRequest(`signin?${new URLSearchParams({ callbackUrl })}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/login?callbackUrl=${encodeURIComponent(`${ORIGIN}/`)}`);
  });

  it("answers the session as usual, not a 500, when its cookie holds a malformed callbackUrl", async () => {
    const jar = jarWith("next-auth.callback-url=http%3A%2F%2F%5B");
    const session = await authRequest("session", { jar });
    expect(session.status).toBe(200);
    expect(await session.json()).toEqual({});
    const csrf = await authRequest("csrf", { jar });
    expect(csrf.status).toBe(200);
    expect(await csrf.json()).toEqual({ csrfToken: expect.any(String) });
    const signIn = await authRequest("signin", { jar });
    expect(signIn.headers.get("location")).toBe(`/login?callbackUrl=${encodeURIComponent(`${ORIGIN}/`)}`);
  });

  it.each([
    `${ORIGIN}//evil.example`,
    `${ORIGIN}/%5Cevil.example`,
    "/%09/evil.example",
    "/%0A/evil.example",
    "/%5Cevil.example",
    "//evil.example",
    "https://evil.example/packs",
    `https://${ORIGIN.slice("http://".length)}@evil.example/`,
    "javascript:alert(1)",
  ])("sends the /login page home afterwards when asked to go to %s", async (callbackUrl) => {
    const response = await authRequest(`signin?${new URLSearchParams({ callbackUrl })}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/login?callbackUrl=${encodeURIComponent(`${ORIGIN}/`)}`);
  });

  it("keeps a path on the site as it was asked for", async () => {
    const response = await authRequest(`signin?${new URLSearchParams({ callbackUrl: "/packs/week-1?tab=mine" })}`);
    expect(response.headers.get("location")).toBe(`/login?callbackUrl=${encodeURIComponent(`${ORIGIN}/packs/week-1?tab=mine`)}`);
  });

  it("keeps the answer to a sign-in on the site when asked to go elsewhere", async () => {
    const phone = freshPhone();
    const jar = new CookieJar();
    await requestCode(phone, { jar });
    const response = await authRequest("callback/credentials", {
      jar,
      form: {
        phone,
        code: latestCodeIn(smsLogFile, phone),
        csrfToken: await csrfToken(jar),
        callbackUrl: `${ORIGIN}//evil.example`,
        json: "true",
      },
    });
    expect(await response.json()).toEqual({ url: `${ORIGIN}/` });
    expect((await readSessionBody(jar)).user).toBeDefined();
  });

  it("keeps the answer to a logout on the site when asked to go elsewhere", async () => {
    const jar = await signIn();
    const response = await authRequest("signout", {
      jar,
      form: { csrfToken: await csrfToken(jar), callbackUrl: `${ORIGIN}//evil.example`, json: "true" },
    });
    expect(await response.json()).toEqual({ url: `${ORIGIN}/` });
  });
});

describe("logging out", () => {
  it("ends the session for a copy of the cookie too: its writes get 401 and it reads as signed out", async () => {
    const jar = await signIn();
    const copied = copyOf(jar);
    expect((await renameWith(copied, "before_logout")).status).toBe(200);

    expect((await logOut(jar)).status).toBe(200);

    const refused = await renameWith(copied, "after_logout");
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ success: false, error: "Please log in to continue." });
    expect(await sessionBodyWith(copied)).toEqual({});
    expect(await readSession(await apiRequest("/", { headers: { cookie: copied } }))).toBeNull();
  });

  it("ends the player's sessions on other devices, and a new sign-in works", async () => {
    const phone = freshPhone();
    const phoneBrowser = await signIn(phone);
    const [profile] = await (
      await getDb()
    )
      .select()
      .from(profiles)
      .where(eq(profiles.phone, `+1${phone}`));
    const laptop = await sessionCookieFor({ id: profile!.id, handle: profile!.handle, phone: profile!.phone!, superAdmin: false });
    expect((await sessionBodyWith(laptop)).user).toMatchObject({ phone: `+1${phone}` });

    await logOut(phoneBrowser);
    expect(await sessionBodyWith(laptop)).toEqual({});

    const again = await signIn(phone);
    expect((await readSessionBody(again)).user).toMatchObject({ phone: `+1${phone}` });
    expect((await renameWith(again.header(), "back_again")).status).toBe(200);
  });

  it("honours a logout handled by another instance within 30 seconds", async () => {
    const jar = await signIn();
    const cookie = copyOf(jar);
    const session = await readSession(await apiRequest("/", { headers: { cookie } }));
    expect(session).not.toBeNull();
    // Another instance's logout: only the database changes, this instance's memory does not.
    await (
      await getDb()
    )
      .update(profiles)
      .set({ sessionVersion: sql`${profiles.sessionVersion} + 1` })
      .where(eq(profiles.id, session!.profileId));
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + SESSION_VERSION_CACHE_MS + 1 });
    try {
      expect(await readSession(await apiRequest("/", { headers: { cookie } }))).toBeNull();
      expect((await renameWith(cookie, "other_instance")).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it("ends an admin's copied session on admin routes at once", async () => {
    const jar = await signIn(ADMIN_PHONE);
    const copied = copyOf(jar);
    const asAdmin = () => apiRequest("/api/admin/aiConfig", { headers: { cookie: copied } }).then((r) => aiConfigRoute(r, routeParams({})));
    expect((await asAdmin()).status).toBe(200);
    await logOut(jar);
    expect((await asAdmin()).status).toBe(401);
  });
});

describe("the browser's log beacon", () => {
  const postLog = (body: string, contentType = "application/x-www-form-urlencoded") =>
    authRoute(new NextRequest(`${ORIGIN}/api/auth/_log`, { method: "POST", headers: { "content-type": contentType }, body }), {
      params: Promise.resolve({ nextauth: ["_log"] }),
    });

  function loggedLines() {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    return () => errors.mock.calls.map((call) => call.map(String).join(" "));
  }

  it("writes one short line for a beacon from our client", async () => {
    const lines = loggedLines();
    const response = await postLog(new URLSearchParams({ level: "error", code: "CLIENT_SESSION_ERROR", error: "session 500" }).toString());
    expect(response.status).toBe(200);
    expect(lines()).toHaveLength(1);
    expect(JSON.parse(lines()[0]!)).toMatchObject({ level: "error", client: true, code: "CLIENT_SESSION_ERROR", message: "session 500" });
  });

  it("refuses a 60 KB beacon without logging it", async () => {
    const lines = loggedLines();
    const response = await postLog(new URLSearchParams({ level: "error", code: "X".repeat(60_000), error: "Y".repeat(60_000) }).toString());
    expect(response.status).toBe(413);
    expect(lines()).toEqual([]);
  });

  it("cuts a long code and message to one short line", async () => {
    const lines = loggedLines();
    const response = await postLog(
      new URLSearchParams({
        level: "warn",
        code: `A${"\n".repeat(10)}B${"C".repeat(500)}`,
        error: `line one\nline two${"Z".repeat(2_000)}`,
      }).toString(),
    );
    expect(response.status).toBe(200);
    expect(lines()).toHaveLength(1);
    expect(lines()[0]!.length).toBeLessThan(600);
    expect(lines()[0]).not.toContain("\\n");
  });

  it("keeps nothing past the per-minute budget and says so once", async () => {
    const lines = loggedLines();
    const later = Date.now() + 10 * 60_000;
    const beacon = () =>
      receiveClientLog(
        new Request(`${ORIGIN}/api/auth/_log`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "level=error&code=CLIENT_SESSION_ERROR&error=flood",
        }),
        later,
      );
    const statuses: number[] = [];
    for (let i = 0; i < CLIENT_LOG_LINES_PER_WINDOW + 20; i++) statuses.push((await beacon()).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(CLIENT_LOG_LINES_PER_WINDOW);
    expect(statuses.slice(CLIENT_LOG_LINES_PER_WINDOW).every((status) => status === 429)).toBe(true);
    expect(lines()).toHaveLength(CLIENT_LOG_LINES_PER_WINDOW + 1);
  });
});
