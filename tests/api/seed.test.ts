import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { takePoints, tokensCentsForPoints, type TakeResult } from "@/domain/points";
import { verifySecret } from "@/server/auth/secret-hash";
import type { Db, DbHandle } from "@/server/db/client";
import { appliedMigrationCount, expectedMigrationCount } from "@/server/db/migrate";
import * as schema from "@/server/db/schema";
import {
  adminAuditLog,
  awardCards,
  awardClaims,
  contestPacks,
  contests,
  events,
  exchanges,
  follows,
  h2hChallenges,
  itemCodes,
  items,
  leaderboardTotals,
  memberPasswords,
  packEvents,
  packs,
  profiles,
  props,
  receipts,
  series,
  seriesPacks,
  takes,
  teams,
  tokenLedger,
} from "@/server/db/schema";
import { DEMO_ADMIN_PHONE, DEMO_MEMBERS_PASSWORD, DEMO_MEMBERS_PASSWORD_ID, DEMO_PLAYERS, seedDemoData } from "@/server/db/seed";
import { setPackWinners } from "@/server/grading/set-pack-winners";
import { gradeProp } from "@/server/grading/grade-prop";
import { isGradedStatus, outcomeOfStatus } from "@/domain/grading";
import { closeTestDb, createTestDb } from "../helpers/db";

// Saturday 2025-11-22, 12:30 in New York: a fixed instant so clock-relative rules can be checked exactly.
const NOW = new Date("2025-11-22T17:30:00Z");
const HOUR = 3_600_000;

let handle: DbHandle;
let db: Db;
beforeAll(async () => {
  handle = await createTestDb();
  db = handle.db;
});
afterAll(closeTestDb);

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of Object.values(schema) as unknown[]) {
    if (!is(table, PgTable)) continue;
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
    counts[getTableName(table)] = Number(row?.n);
  }
  return counts;
}

function expectedResult(propStatus: string, side: string): TakeResult {
  if (propStatus === "push" || propStatus === "void") return propStatus;
  if (propStatus === "gradedA") return side === "A" ? "won" : "lost";
  if (propStatus === "gradedB") return side === "B" ? "won" : "lost";
  return "pending";
}

describe("seedDemoData on an empty database", () => {
  beforeAll(async () => {
    expect(await seedDemoData(db, { now: NOW })).toMatchObject({ seeded: true });
  });

  it("imports every NFL and MLB team from the ESPN fixtures", async () => {
    const rows = await db.select().from(teams);
    expect(rows.filter((t) => t.league === "nfl")).toHaveLength(32);
    expect(rows.filter((t) => t.league === "mlb")).toHaveLength(30);
    expect(rows.every((t) => t.teamType === "team")).toBe(true);
    expect(rows.find((t) => t.league === "nfl" && t.slug === "eagles")?.abbreviation).toBe("PHI");
  });

  it("creates a pack in every status, in both leagues", async () => {
    const rows = await db.select().from(packs);
    expect(new Set(rows.map((p) => p.status))).toEqual(new Set(schema.PACK_STATUSES));
    expect(new Set(rows.map((p) => p.league))).toEqual(new Set(["nfl", "mlb"]));
    expect(rows.filter((p) => p.status === "open").length).toBeGreaterThanOrEqual(3);
    for (const pack of rows) {
      expect(pack.packUrl).toMatch(/^[a-z0-9][a-z0-9-]{0,79}$/);
      if (pack.coverUrl) expect(pack.coverUrl).toMatch(/^https:\/\/a\.espncdn\.com\//);
    }
  });

  it("gives every pack 3 to 6 props in position order, each closing at its game's start", async () => {
    const propRows = await db.select().from(props);
    const eventRows = await db.select().from(events);
    const packRows = await db.select().from(packs);
    for (const pack of packRows) {
      const packProps = propRows.filter((p) => p.packId === pack.id).sort((a, b) => a.position - b.position);
      expect(packProps.length).toBeGreaterThanOrEqual(3);
      expect(packProps.length).toBeLessThanOrEqual(6);
      expect(packProps.map((p) => p.position)).toEqual(packProps.map((_, i) => i));
      for (const prop of packProps) {
        const event = eventRows.find((e) => e.id === prop.eventId);
        expect(prop.closeTime).toEqual(event ? event.startTime : pack.closeTime);
        expect(prop.closeTime!.getTime()).toBeLessThanOrEqual(pack.closeTime!.getTime());
      }
    }
    const rivalryWinner = propRows.find((p) => p.sideAShort === "PHI" && p.sideBShort === "DAL" && p.status === "gradedA");
    expect(rivalryWinner).toMatchObject({
      shortLabel: "Who wins?",
      sideATake: "The Eagles beat the Cowboys",
      sideAMoneyline: -150,
      sideBMoneyline: 130,
      sideAValue: 167,
      sideBValue: 325,
      resultText: "PHI 27 - 20 DAL",
      gradingRule: "who_wins",
      gradingParams: { homeSide: "A" },
    });
  });

  it("builds games around now: finals behind, one under way, scheduled ones ahead, in both leagues", async () => {
    const rows = await db.select().from(events);
    expect(new Set(rows.map((e) => e.league))).toEqual(new Set(["nfl", "mlb"]));
    expect(rows.filter((e) => e.status === "in_progress")).toHaveLength(1);
    for (const event of rows) {
      expect(event.espnEventId).toMatch(/^demo-/);
      if (event.status === "scheduled") expect(event.startTime.getTime()).toBeGreaterThan(NOW.getTime());
      else expect(event.startTime.getTime()).toBeLessThan(NOW.getTime());
      if (event.status === "final") expect(event.homeScore).not.toBeNull();
      expect(event.odds).toMatchObject({ homeMoneyline: expect.any(Number), awayMoneyline: expect.any(Number) });
    }
    expect(new Set(rows.map((e) => e.espnEventId)).size).toBe(rows.length);
    expect(rows.find((e) => e.shortName === "DAL @ PHI")).toMatchObject({
      title: "Dallas Cowboys @ Philadelphia Eagles",
      status: "final",
      homeScore: 27,
      awayScore: 20,
      startTime: new Date("2025-11-21T01:20:00Z"), // Thursday 20:20 in New York
      week: 12,
      seasonYear: 2025,
    });
  });

  it("derives pack states from the clock: coming soon opens later, one closes within two hours, one closed awaits grading", async () => {
    const rows = await db.select().from(packs);
    const comingSoon = rows.find((p) => p.status === "coming-soon")!;
    expect(comingSoon.openTime!.getTime()).toBeGreaterThan(NOW.getTime());

    const open = rows.filter((p) => p.status === "open");
    const accepting = open.filter((p) => p.openTime! <= NOW && NOW < p.closeTime!);
    expect(accepting.length).toBeGreaterThanOrEqual(2);
    expect(accepting.some((p) => p.closeTime!.getTime() - NOW.getTime() <= 2 * HOUR)).toBe(true);

    const awaiting = open.find((p) => p.closeTime! < NOW)!;
    const linked = await db
      .select({ status: events.status })
      .from(packEvents)
      .innerJoin(events, eq(events.id, packEvents.eventId))
      .where(eq(packEvents.packId, awaiting.id));
    expect(linked.map((e) => e.status)).toEqual(["final"]);
    const awaitingProps = await db.select().from(props).where(eq(props.packId, awaiting.id));
    expect(awaitingProps.every((p) => p.status === "open" && p.resultText === null)).toBe(true);
  });

  it("features exactly one open pack, with its prize", async () => {
    const featured = (await db.select().from(packs)).filter((p) => p.featured);
    expect(featured).toHaveLength(1);
    expect(featured[0]).toMatchObject({
      status: "open",
      prizeTitle: expect.any(String),
      prizeSummary: expect.any(String),
      prizePoints: 1000,
    });
    expect(featured[0]!.prizeImageUrl).toMatch(/^https:\/\/a\.espncdn\.com\//);
  });

  it("grades every prop of graded packs and names the top scorer as winner", async () => {
    const graded = (await db.select().from(packs)).filter((p) => p.status === "graded");
    expect(graded.length).toBeGreaterThanOrEqual(1);
    const propStatuses = new Set<string>();
    for (const pack of graded) {
      const packProps = await db.select().from(props).where(eq(props.packId, pack.id));
      for (const prop of packProps) {
        expect(["gradedA", "gradedB", "push", "void"]).toContain(prop.status);
        expect(prop.resultText).toBeTruthy();
        propStatuses.add(prop.status);
      }
      const packTakes = await db.select().from(takes).where(eq(takes.packId, pack.id));
      const points = new Map<string, number>();
      for (const take of packTakes.filter((t) => t.isCurrent)) points.set(take.profileId, (points.get(take.profileId) ?? 0) + take.points);
      const best = Math.max(...points.values());
      expect(pack.winnerPoints).toBe(best);
      expect(points.get(pack.winnerProfileId!)).toBe(best);
      expect(pack.winnersSetAt).not.toBeNull();
    }
    expect(propStatuses).toEqual(new Set(["gradedA", "gradedB", "push", "void"]));
  });

  it("locks each take at its side's value and scores it exactly by takePoints and tokensCentsForPoints", async () => {
    const rows = await db.select({ take: takes, prop: props }).from(takes).innerJoin(props, eq(props.id, takes.propId));
    expect(rows.length).toBeGreaterThan(20);
    for (const { take, prop } of rows) {
      expect(take.lockedValue).toBe(take.side === "A" ? prop.sideAValue : prop.sideBValue);
      const result = take.isCurrent ? expectedResult(prop.status, take.side) : "pending";
      expect(take.result).toBe(result);
      expect(take.points).toBe(takePoints(result, take.lockedValue));
      expect(take.tokensCents).toBe(tokensCentsForPoints(take.points));
    }
    expect(new Set(rows.map((r) => r.take.result))).toEqual(new Set(["pending", "won", "lost", "push", "void"]));
  });

  it("keeps pick history: one overwritten take, replaced by a current take on the same prop", async () => {
    const rows = await db.select().from(takes);
    const overwritten = rows.filter((t) => !t.isCurrent);
    expect(overwritten).toHaveLength(1);
    expect(overwritten[0]!.overwrittenAt).not.toBeNull();
    const replacement = rows.find((t) => t.isCurrent && t.propId === overwritten[0]!.propId && t.profileId === overwritten[0]!.profileId);
    expect(replacement?.side).not.toBe(overwritten[0]!.side);
    expect(replacement!.createdAt.getTime()).toBe(overwritten[0]!.overwrittenAt!.getTime());
  });

  it("writes one payout ledger row per paid take, for exactly its tokens", async () => {
    const paidTakes = (await db.select().from(takes)).filter((t) => t.tokensCents > 0);
    const payouts = await db.select().from(tokenLedger).where(eq(tokenLedger.kind, "take_payout"));
    expect(payouts).toHaveLength(paidTakes.length);
    for (const take of paidTakes) {
      const payout = payouts.find((p) => p.takeId === take.id);
      expect(payout).toMatchObject({
        businessKey: `payout:${take.propId}:v0:${take.id}`,
        amountCents: take.tokensCents,
        profileId: take.profileId,
      });
    }
  });

  it("leaves every demo profile with the balance the seed intended, never negative", async () => {
    const balance = async (profileId: string) => {
      const [row] = await db
        .select({ cents: sql<number>`coalesce(sum(${tokenLedger.amountCents}), 0)::int` })
        .from(tokenLedger)
        .where(eq(tokenLedger.profileId, profileId));
      return Number(row?.cents);
    };
    const profileRows = await db.select().from(profiles);
    const takeRows = await db.select().from(takes);
    const claimRows = await db.select().from(awardClaims);
    const exchangeRows = await db.select().from(exchanges);
    for (const profile of profileRows) {
      const bonus = DEMO_PLAYERS.find((p) => p.phone === profile.phone)?.welcomeBonusCents ?? 0;
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      const intended =
        bonus +
        sum(takeRows.filter((t) => t.profileId === profile.id).map((t) => t.tokensCents)) +
        sum(claimRows.filter((c) => c.profileId === profile.id).map((c) => c.tokensCents)) -
        sum(exchangeRows.filter((e) => e.profileId === profile.id).map((e) => e.tokens * 100));
      const actual = await balance(profile.id);
      expect(actual, profile.handle).toBe(intended);
      expect(actual, profile.handle).toBeGreaterThanOrEqual(0);
    }

    const available = (await db.select().from(items)).filter((i) => i.status === "available");
    const cheapest = Math.min(...available.map((i) => i.tokens));
    const idOf = (handle: string) => profileRows.find((p) => p.handle === handle)!.id;
    expect(await balance(idOf("bullpen_betty"))).toBeGreaterThanOrEqual(500 * 100);
    expect(await balance(idOf("hail_mary_hank"))).toBeLessThan(cheapest * 100);
  });

  it("writes no receipt without takes, each with a 10-character URL-safe id", async () => {
    const receiptRows = await db.select().from(receipts);
    const takeRows = await db.select().from(takes);
    expect(receiptRows.length).toBeGreaterThan(0);
    for (const receipt of receiptRows) {
      expect(receipt.id).toMatch(/^[A-Za-z0-9_-]{10}$/);
      expect(takeRows.some((t) => t.receiptId === receipt.id)).toBe(true);
    }
    expect(new Set(receiptRows.map((r) => r.idempotencyKey)).size).toBe(receiptRows.length);
  });

  it("fills leaderboard totals that agree with the current takes", async () => {
    const takeRows = (await db.select().from(takes)).filter((t) => t.isCurrent);
    const packRows = await db.select().from(packs);
    const totals = await db.select().from(leaderboardTotals);
    const scopesOf = (take: (typeof takeRows)[number]) => [
      "all",
      `league:${packRows.find((p) => p.id === take.packId)!.league}`,
      `pack:${take.packId}`,
    ];
    const expected = new Map<string, { points: number; won: number; lost: number; pushed: number; takes: number }>();
    for (const take of takeRows) {
      for (const scope of scopesOf(take)) {
        const key = `${scope}|${take.profileId}`;
        const row = expected.get(key) ?? { points: 0, won: 0, lost: 0, pushed: 0, takes: 0 };
        row.points += take.points;
        row.won += take.result === "won" ? 1 : 0;
        row.lost += take.result === "lost" ? 1 : 0;
        row.pushed += take.result === "push" ? 1 : 0;
        row.takes += take.result === "void" ? 0 : 1;
        expected.set(key, row);
      }
    }
    for (const [key, row] of expected) {
      const [scope, profileId] = key.split("|");
      expect(
        totals.find((t) => t.scope === scope && t.profileId === profileId),
        key,
      ).toMatchObject(row);
    }
    expect(totals.some((t) => t.scope.startsWith("contest:"))).toBe(true);
  });

  it("stocks the marketplace: unused codes for every item but one, whose only code a demo player redeemed", async () => {
    const itemRows = await db.select().from(items);
    const codes = await db.select().from(itemCodes);
    expect(itemRows.length).toBeGreaterThanOrEqual(5);
    expect(itemRows.filter((i) => i.status === "hidden")).toHaveLength(1);
    expect(itemRows.some((i) => i.featured)).toBe(true);
    expect(itemRows.some((i) => i.requiresShipping)).toBe(true);
    expect(itemRows.some((i) => i.teamImages && Object.keys(i.teamImages).length > 0)).toBe(true);

    const unused = (itemId: string) => codes.filter((c) => c.itemId === itemId && c.usedAt === null).length;
    const soldOut = itemRows.filter((i) => unused(i.id) === 0);
    expect(soldOut).toHaveLength(1);
    for (const item of itemRows.filter((i) => i !== soldOut[0])) {
      expect(unused(item.id)).toBeGreaterThanOrEqual(3);
      expect(unused(item.id)).toBeLessThanOrEqual(10);
    }

    const [exchange] = await db.select().from(exchanges);
    expect(exchange).toMatchObject({ itemId: soldOut[0]!.id, tokens: soldOut[0]!.tokens });
    expect(codes.find((c) => c.id === exchange!.itemCodeId)?.usedAt).not.toBeNull();
    const [debit] = await db
      .select()
      .from(tokenLedger)
      .where(eq(tokenLedger.businessKey, `exchange:${exchange!.id}`));
    expect(debit).toMatchObject({
      kind: "exchange",
      amountCents: -exchange!.tokens * 100,
      profileId: exchange!.profileId,
    });
  });

  it("gives every marketplace item a drawing of its own that the site serves from public/", async () => {
    const itemRows = await db.select().from(items);
    const urls = itemRows.map((i) => i.imageUrl);
    expect(new Set(urls).size).toBe(itemRows.length);
    for (const url of urls) {
      expect(url).toMatch(/^\/demo\/items\/[a-z0-9-]+\.svg$/);
      const svg = readFileSync(`public${url}`, "utf8");
      expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 320 320"/);
      expect(svg).toMatch(/<title>[^<]+<\/title>/);
      // Painted as an <img>: nothing to run or fetch, nothing costly to paint on a phone.
      expect(svg).not.toMatch(/<script|href=|url\(|<filter|Gradient|<mask/i);
      expect(Buffer.byteLength(svg)).toBeLessThan(3000);
    }
  });

  it("creates the award cards: plain, follow-team, team promo, expired and capped", async () => {
    const cards = await db.select().from(awardCards);
    const teamRows = await db.select().from(teams);
    const byCode = new Map(cards.map((c) => [c.code, c]));
    const eagles = teamRows.find((t) => t.league === "nfl" && t.slug === "eagles")!;
    expect(byCode.get("WELCOME10")).toMatchObject({
      kind: "award",
      tokensCents: 1000,
      status: "available",
      requirementKey: null,
    });
    expect(byCode.get("EAGLESFAN")).toMatchObject({
      kind: "award",
      tokensCents: 500,
      requirementKey: "follow_team",
      requirementTeamId: eagles.id,
      redirectTeamId: eagles.id,
    });
    const promo = byCode.get("PHILLYPROMO")!;
    expect(promo).toMatchObject({ kind: "promo", tokensCents: 0, targetType: "team" });
    expect(teamRows.find((t) => t.id === promo.targetTeamId)?.slug).toMatch(/^(phillies|eagles)$/);
    expect(cards.some((c) => c.validUntil !== null && c.validUntil < NOW)).toBe(true);
    const capped = cards.find((c) => c.maxClaims === 3)!;
    expect(capped.claimsCount).toBeLessThan(3);

    const claims = await db.select().from(awardClaims);
    for (const c of cards) expect(c.claimsCount, c.code).toBe(claims.filter((claim) => claim.awardCardId === c.id).length);
  });

  it("groups packs into the week-12 contest and the Eagles series", async () => {
    const [contest] = await db.select().from(contests).where(eq(contests.slug, "week-12-showdown"));
    expect(contest!.startsAt!.getTime()).toBeLessThan(NOW.getTime());
    expect(contest!.endsAt!.getTime()).toBeGreaterThan(NOW.getTime());
    expect(await db.select().from(contestPacks).where(eq(contestPacks.contestId, contest!.id))).toHaveLength(2);

    const [eaglesSeries] = await db.select().from(series).where(eq(series.slug, "eagles-season"));
    expect(eaglesSeries!.title).toBe("Eagles 2025 Season");
    const seriesPackRows = await db
      .select({ title: packs.title })
      .from(seriesPacks)
      .innerJoin(packs, eq(packs.id, seriesPacks.packId))
      .where(eq(seriesPacks.seriesId, eaglesSeries!.id));
    expect(seriesPackRows).toHaveLength(2);
    for (const pack of seriesPackRows) expect(pack.title).toMatch(/Eagles/);
  });

  it("creates the commissioner, demo players, follows, a head-to-head and the members password", async () => {
    const profileRows = await db.select().from(profiles);
    expect(profileRows.find((p) => p.phone === DEMO_ADMIN_PHONE)).toMatchObject({
      handle: "commish",
      superAdmin: true,
    });
    // The AI player comes with the migrations, not the seed (decision 069).
    const demoPlayers = profileRows.filter((p) => !p.superAdmin && !p.isBot);
    expect(demoPlayers.map((p) => p.phone).sort()).toEqual(DEMO_PLAYERS.map((p) => p.phone).sort());
    expect(demoPlayers.every((p) => !p.handleIsGenerated)).toBe(true);
    const fan = demoPlayers.find((p) => p.favoriteTeamId !== null)!;
    const fanFollows = await db.select().from(follows).where(eq(follows.profileId, fan.id));
    expect(fanFollows.map((f) => f.teamId)).toContain(fan.favoriteTeamId);

    const [challenge] = await db.select().from(h2hChallenges);
    const [challengePack] = await db.select().from(packs).where(eq(packs.id, challenge!.packId));
    expect(challenge).toMatchObject({ status: "accepted" });
    expect(challengePack!.status).toBe("graded");

    const [gate] = await db.select().from(memberPasswords).where(eq(memberPasswords.passwordId, DEMO_MEMBERS_PASSWORD_ID));
    expect(gate!.passwordHash).not.toContain(DEMO_MEMBERS_PASSWORD);
    expect(await verifySecret(DEMO_MEMBERS_PASSWORD, gate!.passwordHash)).toBe(true);

    const audit = await db.select().from(adminAuditLog);
    const commissioner = profileRows.find((p) => p.superAdmin)!;
    expect(audit).toMatchObject([{ action: "seed", actorProfileId: commissioner.id }]);
  });
});

describe("seedDemoData on a database that has data", () => {
  it("refuses without force and changes nothing", async () => {
    const before = await rowCounts();
    const result = await seedDemoData(db, { now: NOW });
    expect(result.seeded).toBe(false);
    expect(result.reason).toMatch(/already has data/);
    expect(await rowCounts()).toEqual(before);
  });

  it("refuses an admin phone that is not a US number or belongs to a demo player, even with force", async () => {
    const before = await rowCounts();
    expect(await seedDemoData(db, { force: true, adminPhone: "555-0100" })).toMatchObject({
      seeded: false,
      reason: expect.stringMatching(/not a 10-digit US phone number/),
    });
    expect(await seedDemoData(db, { force: true, adminPhone: DEMO_PLAYERS[0].phone })).toMatchObject({
      seeded: false,
      reason: expect.stringMatching(/demo player/),
    });
    expect(await rowCounts()).toEqual(before);
  });

  it("with force, wipes and seeds a fresh world of the same shape with the given admin phone and password, keeping the migrations", async () => {
    const before = await rowCounts();
    const [oldPack] = await db.select().from(packs).limit(1);
    // Ten to midnight in New York: tonight's games can no longer start "later today" at their usual time.
    const lateNight = new Date("2025-11-23T04:50:00Z");
    const result = await seedDemoData(db, {
      now: lateNight,
      force: true,
      adminPhone: "(555) 555-0199",
      membersPassword: "  open sesame ",
    });
    expect(result.seeded).toBe(true);

    expect(await rowCounts()).toEqual(before);
    expect(await db.select().from(packs).where(eq(packs.id, oldPack!.id))).toHaveLength(0);
    expect(await appliedMigrationCount(db)).toBe(expectedMigrationCount());
    const [admin] = await db.select().from(profiles).where(eq(profiles.superAdmin, true));
    expect(admin).toMatchObject({ handle: "commish", phone: "+15555550199" });
    const [gate] = await db.select().from(memberPasswords);
    expect(await verifySecret("open sesame", gate!.passwordHash)).toBe(true);
    for (const event of await db.select().from(events)) {
      if (event.status === "scheduled") expect(event.startTime.getTime()).toBeGreaterThan(lateNight.getTime());
    }
  });
});

describe("the seeded winners", () => {
  it("names the same winners the commissioner's Set winners picks, tie-breaks included", async () => {
    const graded = (await db.select().from(packs)).filter((p) => p.status === "graded");
    expect(graded.filter((p) => p.winnerProfileId).length).toBeGreaterThan(0);
    const seeded = new Map(graded.map((p) => [p.id, { winner: p.winnerProfileId, points: p.winnerPoints }]));
    await db.update(packs).set({ winnerProfileId: null, winnerPoints: null, winnersSetAt: null }).where(eq(packs.status, "graded"));
    const [admin] = await db.select().from(profiles).where(eq(profiles.superAdmin, true)).limit(1);
    const result = await setPackWinners({ packs: graded.map((p) => ({ packURL: p.packUrl })), actorProfileId: admin!.id, db });
    expect(result.errors).toEqual([]);
    for (const pack of await db.select().from(packs).where(eq(packs.status, "graded"))) {
      expect({ winner: pack.winnerProfileId, points: pack.winnerPoints }, pack.packUrl).toEqual(seeded.get(pack.id));
    }
  });
});

describe("the seeded grades", () => {
  beforeAll(async () => {
    expect(await seedDemoData(db, { now: NOW, force: true })).toMatchObject({ seeded: true });
  });

  it("are what grading itself writes: each graded prop un-graded and graded again by the product's gradeProp leaves every take's score and every balance as the seed wrote them", async () => {
    const graded = (await db.select().from(props)).filter((p) => isGradedStatus(p.status));
    expect(graded.length).toBeGreaterThan(5);
    const snapshot = async () => ({
      takes: new Map(
        (await db.select().from(takes)).map((t) => [t.id, { result: t.result, points: t.points, tokensCents: t.tokensCents }]),
      ),
      balances: new Map(
        (
          await db
            .select({ profileId: tokenLedger.profileId, cents: sql<number>`sum(${tokenLedger.amountCents})::int` })
            .from(tokenLedger)
            .groupBy(tokenLedger.profileId)
        ).map((row) => [row.profileId, Number(row.cents)]),
      ),
    });
    const before = await snapshot();
    expect([...before.takes.values()].some((t) => t.tokensCents > 0)).toBe(true);
    const [admin] = await db.select().from(profiles).where(eq(profiles.superAdmin, true)).limit(1);
    for (const prop of graded) {
      // Un-graded, grading reverses what the seed paid; graded again, it pays by its own rule.
      await gradeProp({ propId: prop.id, outcome: null, actorProfileId: admin!.id, db });
      await gradeProp({
        propId: prop.id,
        outcome: outcomeOfStatus(prop.status)!,
        resultText: prop.resultText,
        actorProfileId: admin!.id,
        db,
      });
    }
    const after = await snapshot();
    expect(after.takes).toEqual(before.takes);
    expect(after.balances).toEqual(before.balances);
    // Grading really ran: every payout the seed wrote was reversed and paid again under a new version.
    const reversals = await db.select().from(tokenLedger).where(eq(tokenLedger.kind, "take_payout_reversal"));
    expect(reversals.length).toBeGreaterThan(0);
  });
});
