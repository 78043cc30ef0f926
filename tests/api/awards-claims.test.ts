import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { GET as previewRoute } from "@/app/api/awards/preview/route";
import { GET as checkRoute } from "@/app/api/awards/check/route";
import { POST as redeemRoute } from "@/app/api/awards/redeem/route";
import { POST as favoriteRoute } from "@/app/api/profile/updateFavoriteTeam/route";
import { getDb } from "@/server/db/client";
import { awardCards, awardClaims, tokenLedger } from "@/server/db/schema";
import { getBalanceCents } from "@/server/ledger/append-ledger-entry";
import { redeemAward } from "@/server/awards/redeem-award";
import { apiRequest, createProfile, routeParams } from "../helpers/auth";
import { closeTestDb, createTestDb } from "../helpers/db";
import { insertCard, insertPack, insertTeam, json } from "./awards-fixtures";

beforeAll(createTestDb);
afterAll(closeTestDb);

const noParams = routeParams({});
const redeem = async (code: string, as?: Awaited<ReturnType<typeof createProfile>>) =>
  json(await redeemRoute(await apiRequest("/api/awards/redeem", { body: { code }, as }), noParams));
const preview = async (code: string) =>
  json(await previewRoute(await apiRequest(`/api/awards/preview?code=${encodeURIComponent(code)}`), noParams));
const ledgerRows = async (cardId: string) => {
  const db = await getDb();
  return db
    .select()
    .from(tokenLedger)
    .where(eq(tokenLedger.kind, "award_claim"))
    .then((rows) => rows.filter((r) => r.businessKey.startsWith(`award:${cardId}:`)));
};

describe("award preview", () => {
  it("shows a follow-team award's fields to a visitor, without claim counts or phones", async () => {
    const eagles = await insertTeam({ slug: "eagles", name: "Eagles", fullName: "Philadelphia Eagles" });
    const cowboys = await insertTeam({ slug: "cowboys", name: "Cowboys" });
    const pack = await insertPack({ status: "coming-soon", openTime: new Date(Date.now() + 3_600_000), teams: [eagles, cowboys] });
    await insertCard({
      code: "BirdsBonus",
      name: "Birds Bonus",
      tokensCents: 750,
      requirementKey: "follow_team",
      requirementTeamId: eagles.id,
      maxClaims: 50,
      claimsCount: 3,
    });
    const { status, body } = await preview("birdsbonus");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      name: "Birds Bonus",
      tokens: 7.5,
      status: "available",
      kind: "award",
      requirementKey: "follow_team",
      requirementTeamSlug: "eagles",
      requirementTeamRouteSlug: "eagles",
      requirementTeamName: "Eagles",
      redirectTeamSlug: "eagles",
      nextPackCoverUrl: pack.coverUrl,
      hasUpcomingOrLive: true,
    });
    expect(body.nextEventTime).toBe(pack.openTime!.toISOString());
    expect(JSON.stringify(body)).not.toMatch(/claimsCount|maxClaims|phone|\+1555/);
  });

  it("answers 'Invalid code' for unknown and malformed codes", async () => {
    expect(await preview("NOPE")).toEqual({ status: 404, body: { success: false, error: "Invalid code" } });
    expect(await preview("bad code!")).toEqual({ status: 400, body: { success: false, error: "Invalid code" } });
  });

  it("reads expired outside the window and exhausted at the cap", async () => {
    await insertCard({ code: "OLDONE", validUntil: new Date(Date.now() - 1000) });
    await insertCard({ code: "FULLONE", maxClaims: 2, claimsCount: 2 });
    await insertCard({ code: "OFFONE", status: "disabled" });
    expect((await preview("OLDONE")).body.status).toBe("expired");
    expect((await preview("FULLONE")).body.status).toBe("exhausted");
    expect((await preview("OFFONE")).body.status).toBe("disabled");
  });

  it("shows a series promo's target", async () => {
    const { insertSeries } = await import("./awards-fixtures");
    const season = await insertSeries({ slug: "birds-season", title: "Birds Season" });
    await insertCard({ code: "SEASONPROMO", kind: "promo", tokensCents: 0, targetType: "series", targetSeriesId: season.id });
    expect((await preview("SEASONPROMO")).body).toMatchObject({
      kind: "promo",
      tokens: 0,
      targetType: "series",
      targetSlug: "birds-season",
      targetSeriesId: season.id,
      targetName: "Birds Season",
      redirectTeamSlug: null,
      hasUpcomingOrLive: false,
    });
  });
});

describe("claiming an award", () => {
  it("needs a signed-in player", async () => {
    await insertCard({ code: "SIGNEDIN" });
    expect(await redeem("SIGNEDIN")).toEqual({ status: 401, body: { success: false, error: "Please log in to continue." } });
  });

  it("pays the card's diamonds once, by code in any case, and says already on the second try", async () => {
    const card = await insertCard({ code: "WELCOME5", name: "Welcome", tokensCents: 500 });
    const player = await createProfile();
    const first = await redeem("welcome5", player);
    expect(first).toEqual({
      status: 200,
      body: { success: true, already: false, name: "Welcome", tokens: 5, redirectTeamSlug: null, imageUrl: null },
    });
    expect((await redeem("WELCOME5", player)).body).toMatchObject({ success: true, already: true, tokens: 5 });
    expect(await getBalanceCents(await getDb(), player.id)).toBe(500);
    const [ledger] = await ledgerRows(card.id);
    expect(ledger).toMatchObject({ amountCents: 500, kind: "award_claim", businessKey: `award:${card.id}:${player.id}` });
    const check = await json(await checkRoute(await apiRequest("/api/awards/check?code=welcome5", { as: player }), noParams));
    expect(check).toEqual({ status: 200, body: { success: true, already: true } });
  });

  it("copies the token value at claim time: editing the card later changes no balance", async () => {
    const card = await insertCard({ code: "EDITME", tokensCents: 1875 });
    const player = await createProfile();
    await redeem("EDITME", player);
    const db = await getDb();
    await db.update(awardCards).set({ tokensCents: 99_900 }).where(eq(awardCards.id, card.id));
    expect(await getBalanceCents(db, player.id)).toBe(1875);
    const [claim] = await db
      .select()
      .from(awardClaims)
      .where(and(eq(awardClaims.awardCardId, card.id), eq(awardClaims.profileId, player.id)));
    expect(claim!.tokensCents).toBe(1875);
  });

  it("refuses disabled, expired, not-yet-valid and exhausted cards with the spec's message", async () => {
    const player = await createProfile();
    await insertCard({ code: "DISABLED1", status: "disabled" });
    await insertCard({ code: "EXPIRED1", validUntil: new Date(Date.now() - 60_000) });
    await insertCard({ code: "LATER1", validFrom: new Date(Date.now() + 60_000) });
    await insertCard({ code: "FULL1", maxClaims: 1, claimsCount: 1 });
    for (const code of ["DISABLED1", "EXPIRED1", "LATER1", "FULL1"]) {
      expect(await redeem(code, player)).toEqual({ status: 409, body: { success: false, error: "This code is not available to claim." } });
    }
    expect(await getBalanceCents(await getDb(), player.id)).toBe(0);
  });

  it("answers 'Invalid code' for a code that does not exist", async () => {
    expect(await redeem("MISSING", await createProfile())).toEqual({ status: 404, body: { success: false, error: "Invalid code" } });
  });

  it("asks for the team first on a follow-team award, then pays once the favourite team is set", async () => {
    const giants = await insertTeam({ slug: "giants", name: "Giants", fullName: "New York Giants" });
    await insertTeam({ league: "mlb", slug: "giants", name: "Giants", fullName: "San Francisco Giants" });
    const card = await insertCard({ code: "GMEN", tokensCents: 300, requirementKey: "follow_team", requirementTeamId: giants.id });
    const player = await createProfile();
    const refused = await redeem("GMEN", player);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      success: false,
      code: "requirement_follow_team",
      requirementTeamSlug: "giants",
      requirementTeamRouteSlug: "giants",
      requirementTeamName: "Giants",
    });
    // Picking the MLB Giants does not meet an NFL Giants requirement.
    await favoriteRoute(await apiRequest("/api/profile/updateFavoriteTeam", { body: { teamSlug: "mlb-giants" }, as: player }), noParams);
    expect((await redeem("GMEN", player)).body.code).toBe("requirement_follow_team");
    const saved = await json(
      await favoriteRoute(await apiRequest("/api/profile/updateFavoriteTeam", { body: { teamSlug: "giants" }, as: player }), noParams),
    );
    expect(saved.body).toMatchObject({ success: true, favoriteTeam: { slug: "giants", fullName: "New York Giants" } });
    expect((await redeem("GMEN", player)).body).toMatchObject({ success: true, already: false, tokens: 3 });
    expect(await ledgerRows(card.id)).toHaveLength(1);
  });

  it("records a promo claim without a ledger row", async () => {
    const team = await insertTeam({ slug: "phillies", league: "mlb", name: "Phillies" });
    const card = await insertCard({ code: "PHILSPROMO", kind: "promo", tokensCents: 0, targetType: "team", targetTeamId: team.id });
    const player = await createProfile();
    expect((await redeem("PHILSPROMO", player)).body).toMatchObject({
      success: true,
      already: false,
      tokens: 0,
      redirectTeamSlug: "phillies",
    });
    expect(await ledgerRows(card.id)).toHaveLength(0);
    const db = await getDb();
    const [row] = await db.select({ claimsCount: awardCards.claimsCount }).from(awardCards).where(eq(awardCards.id, card.id));
    expect(row!.claimsCount).toBe(1);
  });
});

describe("claims under concurrency", () => {
  it("100 players claiming a card capped at 10 in parallel: exactly 10 are paid", async () => {
    const card = await insertCard({ code: "RACE10", tokensCents: 100, maxClaims: 10 });
    const players = await Promise.all(Array.from({ length: 100 }, () => createProfile()));
    const results = await Promise.allSettled(players.map((player) => redeemAward({ profileId: player.id, code: "RACE10" })));
    const paid = results.filter((r) => r.status === "fulfilled" && !r.value.already);
    const refused = results.filter((r) => r.status === "rejected");
    expect(paid).toHaveLength(10);
    expect(refused).toHaveLength(90);
    for (const r of refused) expect((r as PromiseRejectedResult).reason.userMessage).toBe("This code is not available to claim.");
    expect(await ledgerRows(card.id)).toHaveLength(10);
    const db = await getDb();
    const [row] = await db.select({ claimsCount: awardCards.claimsCount }).from(awardCards).where(eq(awardCards.id, card.id));
    expect(row!.claimsCount).toBe(10);
  });

  it("one player's 20 parallel claims pay once", async () => {
    const card = await insertCard({ code: "RACEONE", tokensCents: 250 });
    const player = await createProfile();
    const results = await Promise.all(Array.from({ length: 20 }, () => redeemAward({ profileId: player.id, code: "raceone" })));
    expect(results.filter((r) => !r.already)).toHaveLength(1);
    expect(await ledgerRows(card.id)).toHaveLength(1);
    expect(await getBalanceCents(await getDb(), player.id)).toBe(250);
  });
});
