// The admin players screen's API (docs/SCREENS.md §3.12, §3.13; issue 24 item 6;
// docs/decisions/034-players-screen.md): search app users by handle or phone, read a
// player's takes, ledger and exchanges, adjust a balance with a reason, suspend and restore.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as searchRoute } from "@/app/api/admin/profiles/route";
import { GET as playerRoute } from "@/app/api/admin/profiles/[profileId]/route";
import { GET as takesRoute } from "@/app/api/admin/profiles/[profileId]/takes/route";
import { GET as ledgerRoute } from "@/app/api/admin/profiles/[profileId]/ledger/route";
import { GET as exchangesRoute } from "@/app/api/admin/profiles/[profileId]/exchanges/route";
import { POST as suspensionRoute } from "@/app/api/admin/profiles/[profileId]/suspension/route";
import { POST as adjustRoute } from "@/app/api/admin/ledger/adjustments/route";
import { GET as myExchangesRoute } from "@/app/api/marketplace/exchanges/route";
import { ACCOUNT_SUSPENDED, signInErrorMessage } from "@/domain/sign-in";
import { resetServerEnvCache } from "@/env";
import { getDb, queryRows } from "@/server/db/client";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams, sessionCookieFor, type TestProfile } from "../helpers/auth";
import { createPack, submitTakes } from "../helpers/grading-fixtures";
import { CookieJar, latestCodeIn, readSessionBody, requestCode, signInWithPhoneCode, textsIn } from "../helpers/sign-in";

const smsLogFile = path.join(mkdtempSync(path.join(tmpdir(), "takes-sms-")), "sms.log");
let admin: TestProfile;
let player: TestProfile;

beforeAll(async () => {
  process.env.SMS_TRANSPORT = "log";
  process.env.SMS_LOG_FILE = smsLogFile;
  process.env.NEXTAUTH_URL = "http://localhost:3000";
  resetServerEnvCache();
  vi.spyOn(console, "log").mockImplementation(() => {});
  await createTestDb();
  admin = await createProfile({ superAdmin: true });
  player = await createProfile();
});
afterAll(closeTestDb);

type Body = Record<string, unknown> & { success?: boolean; error?: string };
type AnyHandler = (req: never, ctx: never) => Promise<Response>;

async function call(handler: AnyHandler, url: string, options: { as?: TestProfile; body?: unknown; params?: Record<string, string> } = {}) {
  const req = await apiRequest(url, { as: options.as, body: options.body });
  const response = await handler(req as never, routeParams(options.params ?? {}) as never);
  return { status: response.status, body: (await response.json()) as Body };
}

const uniquePrefix = () => `zq${randomUUID().replace(/-/g, "").slice(0, 8)}`;

describe("searching app users", () => {
  it("finds players by handle prefix in any case, a page at a time, each exactly once", async () => {
    const prefix = uniquePrefix();
    const handles = Array.from({ length: 7 }, (_, i) => `${prefix}_${i}`);
    for (const handle of handles) await createProfile({ handle });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `/api/admin/profiles?q=${prefix.toUpperCase()}&limit=3${cursor ? `&cursor=${cursor}` : ""}`;
      const { status, body } = await call(searchRoute as AnyHandler, query, { as: admin });
      expect(status).toBe(200);
      const players = body.players as Array<{ handle: string }>;
      expect(players.length).toBeLessThanOrEqual(3);
      seen.push(...players.map((p) => p.handle));
      cursor = body.nextCursor as string | null;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(handles);
  });

  it("finds a handle by any part of it, in any case, over more matches than a page (issue 41 item 7)", async () => {
    const middle = `mid${randomUUID().replace(/-/g, "").slice(0, 6)}`;
    // 60 matches (more than the 50 of a page), the part at the start, middle and end of the handles.
    const handles = Array.from({ length: 60 }, (_, i) => [`a${i}_${middle}`, `b${i}${middle}x`, `${middle}c${i}`][i % 3]!);
    for (const handle of handles) await createProfile({ handle });
    await createProfile({ handle: `other_${middle.slice(0, 5)}` });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `/api/admin/profiles?q=${middle.toUpperCase()}${cursor ? `&cursor=${cursor}` : ""}`;
      const { body } = await call(searchRoute as AnyHandler, query, { as: admin });
      seen.push(...(body.players as Array<{ handle: string }>).map((p) => p.handle));
      cursor = body.nextCursor as string | null;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(2);
    expect([...seen].sort()).toEqual([...handles].sort());
    expect(new Set(seen).size).toBe(60);
  });

  it("finds a player by their phone typed any way, and shows the phone and balance to the admin", async () => {
    const target = await createProfile();
    const digits = target.phone.slice(2);
    const [area, exchange, line] = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)];
    for (const typed of [digits, `+1 (${area}) ${exchange}-${line}`, `${area}.${exchange}.${line}`, `1${digits}`, `+1 ${digits}`]) {
      const { status, body } = await call(searchRoute as AnyHandler, `/api/admin/profiles?q=${encodeURIComponent(typed)}`, { as: admin });
      expect(status).toBe(200);
      expect(body.players).toEqual([
        expect.objectContaining({ id: target.id, handle: target.handle, phone: target.phone, balanceCents: 0, suspendedAt: null }),
      ]);
    }
  });

  it("finds nobody for a partial phone number or text that no handle can hold", async () => {
    for (const q of ["555-12", "no spaces allowed", "a%"]) {
      const { status, body } = await call(searchRoute as AnyHandler, `/api/admin/profiles?q=${encodeURIComponent(q)}`, { as: admin });
      expect(status).toBe(200);
      expect(body.players).toEqual([]);
    }
  });

  it("refuses visitors with 401 and players with 403, so phones stay with admins", async () => {
    const digits = player.phone.slice(2);
    const asVisitor = await call(searchRoute as AnyHandler, `/api/admin/profiles?q=${digits}`);
    const asPlayer = await call(searchRoute as AnyHandler, `/api/admin/profiles?q=${digits}`, { as: player });
    expect(asVisitor).toEqual({ status: 401, body: expect.objectContaining({ success: false }) });
    expect(asPlayer).toEqual({ status: 403, body: expect.objectContaining({ success: false }) });
    expect(JSON.stringify([asVisitor.body, asPlayer.body])).not.toContain(digits);
  });

  it("answers a forged cursor or an overlong search with 400", async () => {
    expect((await call(searchRoute as AnyHandler, "/api/admin/profiles?cursor=Zm9v", { as: admin })).status).toBe(400);
    const long = await call(searchRoute as AnyHandler, `/api/admin/profiles?q=${"a".repeat(41)}`, { as: admin });
    expect(long).toEqual({ status: 400, body: { success: false, error: "Search for at most 40 characters." } });
  });
});

describe("a player's page", () => {
  it("shows the player's takes grouped by pack, a page of packs at a time", async () => {
    const someone = await createProfile();
    const packs = [];
    for (let i = 0; i < 12; i++) {
      const pack = await createPack({ props: [{}, {}] });
      await submitTakes({
        profile: someone,
        pack,
        picks: [
          { propIndex: 0, side: "A" },
          { propIndex: 1, side: "B" },
        ],
        at: new Date(Date.now() - (20 - i) * 60_000),
      });
      packs.push(pack);
    }
    const first = await call(takesRoute as AnyHandler, `/api/admin/profiles/${someone.id}/takes`, {
      as: admin,
      params: { profileId: someone.id },
    });
    expect(first.status).toBe(200);
    const firstPacks = first.body.packs as Array<{ packURL: string; takes: unknown[] }>;
    expect(firstPacks).toHaveLength(10);
    expect(firstPacks[0]!.packURL).toBe(packs[11]!.packUrl);
    expect(firstPacks[0]!.takes).toHaveLength(2);
    const second = await call(takesRoute as AnyHandler, `/api/admin/profiles/${someone.id}/takes?cursor=${first.body.nextCursor}`, {
      as: admin,
      params: { profileId: someone.id },
    });
    expect((second.body.packs as Array<{ packURL: string }>).map((p) => p.packURL)).toEqual([packs[1]!.packUrl, packs[0]!.packUrl]);
    expect(second.body.nextCursor).toBeNull();
  });

  it("adjusts a balance with a reason: one ledger row, shown on the ledger page, and an audit entry", async () => {
    const someone = await createProfile();
    const adjust = await call(adjustRoute as AnyHandler, "/api/admin/ledger/adjustments", {
      as: admin,
      body: { profile: someone.id, diamonds: 12.5, reason: "Make-good for a late grade", idempotencyKey: `k${randomUUID()}` },
    });
    expect(adjust.status).toBe(200);
    expect(adjust.body).toMatchObject({ applied: true, balance: 12.5 });
    const ledger = await call(ledgerRoute as AnyHandler, `/api/admin/profiles/${someone.id}/ledger`, {
      as: admin,
      params: { profileId: someone.id },
    });
    expect(ledger.body.entries).toEqual([
      expect.objectContaining({
        amountCents: 1250,
        kind: "admin_adjustment",
        reason: "Make-good for a late grade",
        actorHandle: admin.handle,
      }),
    ]);
    const detail = await call(playerRoute as AnyHandler, `/api/admin/profiles/${someone.id}`, {
      as: admin,
      params: { profileId: someone.id },
    });
    expect(detail.body.player).toMatchObject({ handle: someone.handle, balanceCents: 1250, suspendedAt: null });
    const audit = await queryRows<{ action: string; actor_profile_id: string }>(
      await getDb(),
      sql`select action, actor_profile_id from admin_audit_log where entity_id = ${someone.id}`,
    );
    expect(audit).toEqual([{ action: "ledger.adjust", actor_profile_id: admin.id }]);
  });

  it("refuses an adjustment without a reason and writes nothing", async () => {
    const someone = await createProfile();
    const adjust = await call(adjustRoute as AnyHandler, "/api/admin/ledger/adjustments", {
      as: admin,
      body: { profile: someone.id, diamonds: 5, reason: "  ", idempotencyKey: `k${randomUUID()}` },
    });
    expect(adjust).toEqual({ status: 400, body: { success: false, error: "Give a reason (3 characters at least)." } });
    const ledger = await call(ledgerRoute as AnyHandler, `/api/admin/profiles/${someone.id}/ledger`, {
      as: admin,
      params: { profileId: someone.id },
    });
    expect(ledger.body.entries).toEqual([]);
  });

  it("pages the ledger newest first without skipping or repeating a row", async () => {
    const someone = await createProfile();
    for (let i = 1; i <= 30; i++) {
      await call(adjustRoute as AnyHandler, "/api/admin/ledger/adjustments", {
        as: admin,
        body: { profile: someone.id, diamonds: i, reason: `Adjustment ${i}`, idempotencyKey: `k${randomUUID()}` },
      });
    }
    const first = await call(ledgerRoute as AnyHandler, `/api/admin/profiles/${someone.id}/ledger`, {
      as: admin,
      params: { profileId: someone.id },
    });
    const second = await call(ledgerRoute as AnyHandler, `/api/admin/profiles/${someone.id}/ledger?cursor=${first.body.nextCursor}`, {
      as: admin,
      params: { profileId: someone.id },
    });
    const amounts = [
      ...(first.body.entries as Array<{ amountCents: number }>),
      ...(second.body.entries as Array<{ amountCents: number }>),
    ].map((e) => e.amountCents / 100);
    expect(amounts).toEqual(Array.from({ length: 30 }, (_, i) => 30 - i));
    expect(second.body.nextCursor).toBeNull();
  });

  it("lists no exchanges for a player who has made none, and answers an unknown player with 404", async () => {
    const someone = await createProfile();
    const exchanges = await call(exchangesRoute as AnyHandler, `/api/admin/profiles/${someone.id}/exchanges`, {
      as: admin,
      params: { profileId: someone.id },
    });
    expect(exchanges.body).toEqual({ success: true, exchanges: [], nextCursor: null });
    const ghost = randomUUID();
    expect(
      (await call(playerRoute as AnyHandler, `/api/admin/profiles/${ghost}`, { as: admin, params: { profileId: ghost } })).status,
    ).toBe(404);
    // A profile id that is no uuid cannot name a player: not found, as an unknown one (issue 38 item 2).
    expect((await call(playerRoute as AnyHandler, "/api/admin/profiles/nope", { as: admin, params: { profileId: "nope" } })).status).toBe(
      404,
    );
  });
});

describe("suspending a player", () => {
  const suspend = (target: TestProfile, body: unknown, as: TestProfile = admin) =>
    call(suspensionRoute as AnyHandler, `/api/admin/profiles/${target.id}/suspension`, { as, body, params: { profileId: target.id } });

  it("ends the player's session at their next request, and lets them back in after unsuspending", async () => {
    const someone = await createProfile();
    const cookie = await sessionCookieFor(someone);
    const mine = async () =>
      (await myExchangesRoute(await apiRequest("/api/marketplace/exchanges", { headers: { cookie } }), routeParams({}))).status;
    expect(await mine()).toBe(200);
    const suspended = await suspend(someone, { suspended: true, reason: "Shared account" });
    expect(suspended.status).toBe(200);
    expect(suspended.body.suspendedAt).toEqual(expect.any(String));
    expect(await mine()).toBe(401);
    const detail = await call(playerRoute as AnyHandler, `/api/admin/profiles/${someone.id}`, {
      as: admin,
      params: { profileId: someone.id },
    });
    expect(detail.body.player).toMatchObject({ suspendedReason: "Shared account", suspendedAt: expect.any(String) });

    const restored = await suspend(someone, { suspended: false, reason: "Appeal accepted" });
    expect(restored.body).toEqual({ success: true, suspendedAt: null });
    const audit = await queryRows<{ action: string; after: { reason: string } }>(
      await getDb(),
      sql`select action, after from admin_audit_log where entity_id = ${someone.id} order by id`,
    );
    expect(audit.map((row) => [row.action, row.after.reason])).toEqual([
      ["profile.suspend", "Shared account"],
      ["profile.unsuspend", "Appeal accepted"],
    ]);
  });

  it("refuses a suspended player's sign-in with a clear message, texts them no new code, and signs them in again once restored", async () => {
    const digits = `555${String(Date.now()).slice(-7)}`;
    const jar = new CookieJar();
    expect((await requestCode(digits, { jar })).status).toBe(200);
    expect((await signInWithPhoneCode(jar, digits, latestCodeIn(smsLogFile, digits))).error).toBeNull();
    const user = (await readSessionBody(jar)).user as { id: string; profileID: string };
    const someone: TestProfile = { id: user.id, handle: user.profileID, phone: `+1${digits}`, superAdmin: false };
    // A code asked for on another browser just before the suspension.
    const tablet = new CookieJar();
    expect((await requestCode(digits, { jar: tablet })).status).toBe(200);
    const codeBefore = latestCodeIn(smsLogFile, digits);

    expect((await suspend(someone, { suspended: true, reason: "Abusive messages" })).status).toBe(200);
    expect((await readSessionBody(jar)).user).toBeUndefined();

    const refused = await signInWithPhoneCode(tablet, digits, codeBefore);
    expect(refused.error).not.toBeNull();
    expect(signInErrorMessage(refused.error!)).toBe(ACCOUNT_SUSPENDED);
    // Asking for a new code is answered as for anyone, but nothing is texted (docs/decisions/002-otp-rules.md).
    const textsBefore = textsIn(smsLogFile, digits).length;
    expect((await requestCode(digits, { jar: new CookieJar() })).status).toBe(200);
    expect(textsIn(smsLogFile, digits)).toHaveLength(textsBefore);

    expect((await suspend(someone, { suspended: false, reason: "Cleared" })).status).toBe(200);
    const again = new CookieJar();
    expect((await requestCode(digits, { jar: again })).status).toBe(200);
    expect((await signInWithPhoneCode(again, digits, latestCodeIn(smsLogFile, digits))).error).toBeNull();
    expect((await readSessionBody(again)).user).toMatchObject({ id: someone.id });
  });

  it("requires a reason, refuses suspending twice or oneself, and changes nothing then", async () => {
    const someone = await createProfile();
    expect(await suspend(someone, { suspended: true, reason: "" })).toEqual({
      status: 400,
      body: { success: false, error: "Give a reason (3 characters at least)." },
    });
    expect(await suspend(someone, { suspended: false, reason: "Not suspended yet" })).toEqual({
      status: 409,
      body: { success: false, error: "This player is not suspended." },
    });
    expect((await suspend(someone, { suspended: true, reason: "Spam" })).status).toBe(200);
    expect(await suspend(someone, { suspended: true, reason: "Spam again" })).toEqual({
      status: 409,
      body: { success: false, error: "This player is already suspended." },
    });
    expect(await suspend(admin, { suspended: true, reason: "Oops" })).toEqual({
      status: 409,
      body: { success: false, error: "You cannot suspend yourself." },
    });
    expect((await suspend(someone, { suspended: true, reason: "Spam" }, player)).status).toBe(403);
    const audit = await queryRows<{ n: number }>(
      await getDb(),
      sql`select count(*)::int as n from admin_audit_log where entity_id = ${someone.id}`,
    );
    expect(audit[0]!.n).toBe(1);
  });
});
