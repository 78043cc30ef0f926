import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { desc, eq } from "drizzle-orm";
import { GET as getPassword } from "@/app/api/getPassword/route";
import { GET as getLeaderboard } from "@/app/api/leaderboard/route";
import { POST as postAccess } from "@/app/api/members/access/route";
import { GET as getAdminPassword, POST as postAdminPassword } from "@/app/api/admin/members/password/route";
import { getDb } from "@/server/db/client";
import { adminAuditLog, contests, memberPasswords } from "@/server/db/schema";
import { setMembersPassword } from "@/server/members/set-members-password";
import { closeTestDb, createTestDb, testDbKind } from "../helpers/db";
import { apiRequest, createProfile, routeParams, type TestProfile } from "../helpers/auth";

const PASSWORD = "letmein-tests";
const ctx = routeParams({});
let admin: TestProfile;
let player: TestProfile;
let ipCounter = 0;
/** A fresh client address per test, so the per-IP limit of one test never leaks into another. */
const freshIp = () => `198.51.100.${++ipCounter}`;

beforeAll(async () => {
  await createTestDb();
  admin = await createProfile({ superAdmin: true });
  player = await createProfile();
  await setMembersPassword({ passwordId: "beta-members", password: PASSWORD, actorProfileId: admin.id });
});
afterAll(closeTestDb);
afterEach(() => vi.useRealTimers());

/** The limit counts in fixed one-minute windows: start a test just after one opens, so it cannot straddle two. */
function atStartOfAMinute() {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 1_000));
}

function tryPassword(password: string, ip: string, passwordID = "beta-members") {
  return postAccess(
    new NextRequest("http://localhost:3000/api/members/access", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify({ passwordID, password }),
    }),
    ctx,
  );
}

function gateStatus(cookie?: string) {
  return getPassword(
    new NextRequest("http://localhost:3000/api/getPassword?passwordID=beta-members", {
      headers: cookie ? { cookie } : {},
    }),
    ctx,
  );
}

/** The `members_access=...` pair from a response's Set-Cookie, as a browser would send it back. */
function accessCookieOf(response: Response): string {
  const header = response.headers.get("set-cookie") ?? "";
  const pair = header.split(";")[0]!;
  expect(pair.startsWith("members_access=")).toBe(true);
  return pair;
}

describe("the members password gate", () => {
  it("getPassword says a gate exists and this browser has no access, without the password", async () => {
    const response = await gateStatus();
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(JSON.parse(text)).toEqual({ success: true, gated: true, hasAccess: false });
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain("scrypt");
  });

  it("the trimmed correct password grants an http-only, SameSite=Lax cookie that opens the gate", async () => {
    const response = await tryPassword(`  ${PASSWORD}  `, freshIp());
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(JSON.parse(text)).toEqual({ success: true, hasAccess: true });
    expect(text).not.toContain(PASSWORD);
    const setCookie = response.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//i);
    expect(setCookie).not.toContain(PASSWORD);
    const cookie = accessCookieOf(response);
    expect(await (await gateStatus(cookie)).json()).toEqual({ success: true, gated: true, hasAccess: true });
  });

  it("a wrong password answers 'Incorrect password.' and sets no cookie", async () => {
    const response = await tryPassword("letmeout", freshIp());
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ success: false, error: "Incorrect password." });
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("an unknown gate answers 'Could not fetch password'", async () => {
    const response = await tryPassword(PASSWORD, freshIp(), "no-such-gate");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ success: false, error: "Could not fetch password" });
  });

  it("a forged or altered cookie does not open the gate", async () => {
    const cookie = accessCookieOf(await tryPassword(PASSWORD, freshIp()));
    const [name, value] = cookie.split("=") as [string, string];
    const [id, version, expires, mac] = value.split(".");
    const forgeries = [
      `${name}=${id}.${Number(version) + 1}.${expires}.${mac}`,
      `${name}=${id}.${version}.${Number(expires) + 1}.${mac}`,
      `${name}=${id}.${version}.${expires}.${mac!.slice(0, -2)}AA`,
      `${name}=beta-members.1.99999999999.x`,
      `${name}=garbage`,
    ];
    for (const forged of forgeries) {
      expect(await (await gateStatus(forged)).json(), forged).toMatchObject({ hasAccess: false });
    }
  });

  it("10 wrong tries from one IP in a minute are allowed, the 11th is refused with Retry-After", async () => {
    atStartOfAMinute();
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await tryPassword(`wrong-${i}`, ip)).status).toBe(403);
    const limited = await tryPassword(PASSWORD, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(await limited.json()).toMatchObject({ success: false, error: expect.any(String) });
    expect(limited.headers.get("set-cookie")).toBeNull();
    // Another address is not affected.
    expect((await tryPassword(PASSWORD, freshIp())).status).toBe(200);
  });

  it("correct tries do not use up the limit", async () => {
    atStartOfAMinute();
    const ip = freshIp();
    for (let i = 0; i < 11; i++) expect((await tryPassword(PASSWORD, ip)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await tryPassword("nope", ip)).status).toBe(403);
    expect((await tryPassword("nope", ip)).status).toBe(429);
  });

  it.skipIf(testDbKind() !== "postgres")("20 parallel wrong tries from one IP: exactly 10 are checked, 10 refused", async () => {
    atStartOfAMinute();
    const ip = freshIp();
    const statuses = (await Promise.all(Array.from({ length: 20 }, (_, i) => tryPassword(`guess-${i}`, ip)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 403)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it("rotating the password revokes every existing access; the new password works", async () => {
    const cookie = accessCookieOf(await tryPassword(PASSWORD, freshIp()));
    expect(await (await gateStatus(cookie)).json()).toMatchObject({ hasAccess: true });

    const rotated = await postAdminPassword(
      await apiRequest("/api/admin/members/password", { as: admin, body: { passwordID: "beta-members", password: " new-secret " } }),
      ctx,
    );
    const rotatedText = await rotated.text();
    expect(rotated.status).toBe(200);
    expect(JSON.parse(rotatedText)).toMatchObject({ success: true, rotated: true, version: 2 });
    expect(rotatedText).not.toContain("new-secret");

    expect(await (await gateStatus(cookie)).json()).toMatchObject({ hasAccess: false });
    expect((await tryPassword(PASSWORD, freshIp())).status).toBe(403);
    const fresh = accessCookieOf(await tryPassword("new-secret", freshIp()));
    expect(await (await gateStatus(fresh)).json()).toMatchObject({ hasAccess: true });
  });

  it("the audit log records the rotation without the password or its hash", async () => {
    const db = await getDb();
    const [row] = await db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.entityType, "member_password"))
      .orderBy(desc(adminAuditLog.id))
      .limit(1);
    expect(row).toMatchObject({ action: "members_password.rotate", actorProfileId: admin.id, entityId: "beta-members" });
    const [stored] = await db.select().from(memberPasswords).where(eq(memberPasswords.passwordId, "beta-members"));
    const logged = JSON.stringify(row);
    expect(logged).not.toContain("new-secret");
    expect(logged).not.toContain(stored!.passwordHash);
    expect(stored!.passwordHash).not.toContain("new-secret");
  });

  it("the admin status shows whether a password is set, never the password", async () => {
    const response = await getAdminPassword(await apiRequest("/api/admin/members/password?passwordID=beta-members", { as: admin }), ctx);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ success: true, status: { passwordID: "beta-members", isSet: true, version: 2 } });
    expect(text).not.toContain("new-secret");
    expect(text).not.toContain("scrypt");
  });

  it("only admins set the password: 401 signed out, 403 for players, nothing changes", async () => {
    const body = { passwordID: "beta-members", password: "hijacked" };
    expect((await postAdminPassword(await apiRequest("/api/admin/members/password", { body }), ctx)).status).toBe(401);
    expect((await postAdminPassword(await apiRequest("/api/admin/members/password", { body, as: player }), ctx)).status).toBe(403);
    expect((await getAdminPassword(await apiRequest("/api/admin/members/password", { as: player }), ctx)).status).toBe(403);
    expect((await tryPassword("hijacked", freshIp())).status).toBe(403);
  });

  it("the admin refuses a password that is too short", async () => {
    const response = await postAdminPassword(
      await apiRequest("/api/admin/members/password", { as: admin, body: { passwordID: "beta-members", password: "  ab " } }),
      ctx,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, error: "The password must be 4–128 characters." });
  });

  it("without a gate password the area is open to everyone", async () => {
    const response = await getPassword(new NextRequest("http://localhost:3000/api/getPassword?passwordID=open-gate"), ctx);
    expect(await response.json()).toEqual({ success: true, gated: false, hasAccess: true });
  });
});

describe("a members-only contest's leaderboard", () => {
  function contestBoard(slug: string, cookie?: string) {
    return getLeaderboard(
      new NextRequest(`http://localhost:3000/api/leaderboard?scope=contest&key=${slug}`, { headers: cookie ? { cookie } : {} }),
      ctx,
    );
  }

  it("is refused to a visitor who has not entered the members password, and served to one who has", async () => {
    // Earlier tests rotate the password; start from a known one.
    await setMembersPassword({ passwordId: "beta-members", password: PASSWORD, actorProfileId: admin.id });
    const db = await getDb();
    const slug = `members-board-${Date.now()}`;
    await db.insert(contests).values({ slug, title: "Members Showdown", status: "open" });

    const visitor = await contestBoard(slug);
    expect(visitor.status).toBe(403);
    const refused = (await visitor.json()) as Record<string, unknown>;
    expect(refused).toMatchObject({ success: false });
    expect(refused).not.toHaveProperty("rows");

    const cookie = accessCookieOf(await tryPassword(PASSWORD, freshIp()));
    const member = await contestBoard(slug, cookie);
    expect(member.status).toBe(200);
    expect(await member.json()).toMatchObject({ success: true });
  });
});
