import { decode } from "next-auth/jwt";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as redeemRoute } from "@/app/api/marketplace/redeem/route";
import { GET as profileRoute } from "@/app/api/profile/[profileID]/route";
import { serverEnv } from "@/env";
import { getDb } from "@/server/db/client";
import * as ledger from "@/server/ledger/append-ledger-entry";
import { appendLedgerEntry } from "@/server/ledger/append-ledger-entry";
import { closeTestDb, createTestDb } from "../helpers/db";
import { apiRequest, createProfile, routeParams, sessionCookieFor, type TestProfile } from "../helpers/auth";
import { CookieJar, authRequest, csrfToken } from "../helpers/sign-in";
import { CONTACT, createItem, giveDiamonds } from "./marketplace-fixtures";

beforeAll(createTestDb);
afterAll(closeTestDb);

async function balanceOf(handle: string, as?: TestProfile, select = "tokens") {
  const response = await profileRoute(
    await apiRequest(`/api/profile/${encodeURIComponent(handle)}?select=${select}`, { as }),
    routeParams({ profileID: handle }),
  );
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as Record<string, unknown> };
}

describe("GET /api/profile/{profileID}?select=tokens", () => {
  it("gives the owner the sum of their ledger in diamonds", async () => {
    const player = await createProfile();
    const db = await getDb();
    await appendLedgerEntry(db, { profileId: player.id, amountCents: 1875, kind: "take_payout", businessKey: `t1:${player.id}` });
    await appendLedgerEntry(db, { profileId: player.id, amountCents: 500, kind: "award_claim", businessKey: `a1:${player.id}` });
    await appendLedgerEntry(db, { profileId: player.id, amountCents: -1000, kind: "exchange", businessKey: `x1:${player.id}` });
    expect(await balanceOf(player.handle, player)).toMatchObject({ status: 200, body: { success: true, tokensBalance: 13.75 } });
  });

  it("answers 0 for a player without ledger rows", async () => {
    const player = await createProfile();
    expect((await balanceOf(player.handle, player)).body).toEqual({ success: true, tokensBalance: 0 });
  });

  it("finds the profile whatever the case of the handle in the URL", async () => {
    const player = await createProfile({ handle: "CaseyFan" });
    expect((await balanceOf("caseyfan", player)).status).toBe(200);
  });

  it("keeps balances private: 401 signed out, 403 for another player, 404 for nobody, never a phone", async () => {
    const owner = await createProfile();
    const other = await createProfile();
    const signedOut = await balanceOf(owner.handle);
    const stranger = await balanceOf(owner.handle, other);
    const missing = await balanceOf("no_such_player", other);
    expect([signedOut.status, stranger.status, missing.status]).toEqual([401, 403, 404]);
    for (const answer of [signedOut, stranger, missing]) {
      expect(answer.body.success).toBe(false);
      expect(answer.text).not.toContain(owner.phone.slice(2));
    }
  });

  it("refuses an unknown select with 400", async () => {
    const player = await createProfile();
    expect(await balanceOf(player.handle, player, "phone")).toMatchObject({ status: 400, body: { success: false } });
  });
});

/** A browser holding the player's session cookie. */
async function browserOf(player: TestProfile): Promise<CookieJar> {
  const jar = new CookieJar();
  jar.store(new Response(null, { headers: { "set-cookie": await sessionCookieFor(player) } }));
  return jar;
}

/** GET /api/auth/session as the shell asks it on every page load. */
async function sessionAnswer(jar?: CookieJar) {
  const response = await authRequest("session", { jar });
  return { status: response.status, body: (await response.json()) as { user?: Record<string, unknown>; expires?: string } };
}

describe("the session answer carries the player's balance (GET and POST /api/auth/session)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("gives a signed-in player their exact balance in tokens, the figure the profile API gives", async () => {
    const player = await createProfile();
    await giveDiamonds(player.id, 18.75);
    await giveDiamonds(player.id, 0.5);
    const { status, body } = await sessionAnswer(await browserOf(player));
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ id: player.id, profileID: player.handle, tokensBalance: 19.25 });
    expect((await balanceOf(player.handle, player)).body.tokensBalance).toBe(body.user!.tokensBalance);
  });

  it("answers 0 for a player without ledger rows", async () => {
    const player = await createProfile();
    expect((await sessionAnswer(await browserOf(player))).body.user?.tokensBalance).toBe(0);
  });

  it("reads the balance afresh on every answer: after a redemption the next one shows what is left", async () => {
    const player = await createProfile();
    await giveDiamonds(player.id, 120.5);
    const jar = await browserOf(player);
    expect((await sessionAnswer(jar)).body.user?.tokensBalance).toBe(120.5);

    const item = await createItem({ tokens: 50 }, ["SESSION-001"]);
    const redeemed = await redeemRoute(
      await apiRequest("/api/marketplace/redeem", {
        body: { agreedToTerms: true, itemID: item.id, contact: CONTACT, expectedTokens: 50 },
        headers: { cookie: jar.header() },
      }),
      routeParams({}),
    );
    expect(redeemed.status).toBe(200);

    // The cookie the last answer re-issued, as the browser would send it.
    expect((await sessionAnswer(jar)).body.user?.tokensBalance).toBe(70.5);
    // The session update (POST) answers the balance too: the shell shows whatever it answers.
    await giveDiamonds(player.id, 4.25);
    const updated = await authRequest("session", { jar, json: { csrfToken: await csrfToken(jar), data: {} } });
    expect(updated.status).toBe(200);
    expect(((await updated.json()) as { user: Record<string, unknown> }).user.tokensBalance).toBe(74.75);
  });

  it("keeps the balance out of the session cookie: the token it re-issues holds no balance", async () => {
    const player = await createProfile();
    await giveDiamonds(player.id, 12);
    const jar = await browserOf(player);
    const response = await authRequest("session", { jar });
    expect(((await response.json()) as { user: Record<string, unknown> }).user.tokensBalance).toBe(12);
    const reissued = response.headers.getSetCookie().find((cookie) => cookie.startsWith("next-auth.session-token="));
    expect(reissued).toBeDefined();
    const token = await decode({ token: jar.get("next-auth.session-token"), secret: serverEnv().nextAuthSecret });
    expect(token).toMatchObject({ sub: player.id });
    expect(JSON.stringify(token)).not.toMatch(/balance|tokens/i);
  });

  it("still answers a visitor an empty session", async () => {
    expect(await sessionAnswer()).toEqual({ status: 200, body: {} });
    expect(await sessionAnswer(new CookieJar())).toEqual({ status: 200, body: {} });
  });

  it("gives each of many players answered at the same moment their own balance", async () => {
    const players = await Promise.all(Array.from({ length: 12 }, () => createProfile()));
    await Promise.all(players.map((player, i) => (i % 4 === 0 ? Promise.resolve() : giveDiamonds(player.id, i + 0.25))));
    const jars = await Promise.all(players.map((player) => browserOf(player)));
    const answers = await Promise.all(jars.map((jar) => sessionAnswer(jar)));
    expect(answers.map((answer) => answer.body.user?.tokensBalance)).toEqual(players.map((_, i) => (i % 4 === 0 ? 0 : i + 0.25)));
    expect(answers.map((answer) => answer.body.user?.id)).toEqual(players.map((player) => player.id));
  });

  it("never carries another player's balance", async () => {
    const rich = await createProfile();
    const poor = await createProfile();
    await giveDiamonds(rich.id, 987.65);
    await giveDiamonds(poor.id, 1.5);
    const [richAnswer, poorAnswer] = await Promise.all([sessionAnswer(await browserOf(rich)), sessionAnswer(await browserOf(poor))]);
    expect(richAnswer.body.user).toMatchObject({ id: rich.id, tokensBalance: 987.65 });
    expect(poorAnswer.body.user).toMatchObject({ id: poor.id, tokensBalance: 1.5 });
    expect(JSON.stringify(poorAnswer.body)).not.toContain("987.65");
  });

  it("keeps the player signed in when the balance cannot be read: the answer leaves it out (the pill reads 0)", async () => {
    const player = await createProfile();
    await giveDiamonds(player.id, 3);
    const jar = await browserOf(player);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(ledger, "getBalancesCents").mockRejectedValueOnce(new Error("the ledger is unreachable"));
    const { status, body } = await sessionAnswer(jar);
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ id: player.id, profileID: player.handle });
    expect(body.user).not.toHaveProperty("tokensBalance");
    expect(jar.get("next-auth.session-token")).toBeDefined();
    expect(logged.mock.calls.flat().join("\n")).toContain("the ledger is unreachable");
    expect((await sessionAnswer(jar)).body.user?.tokensBalance).toBe(3);
  });
});
