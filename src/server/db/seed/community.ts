import "server-only";
import { randomUUID } from "node:crypto";
import { nyDay } from "@/domain/time";
import { awardCards, awardClaims, contests, exchanges, follows, h2hChallenges, itemCodes, items, series, subscriptions } from "../schema";
import type { Catalog } from "./catalog";
import { DAY, HOUR, nflSeasonYear } from "./clock";
import type { DemoHandle } from "./identities";
import { LEAGUE_LOGOS } from "./pack-plans";
import { randomCode } from "./random";
import type { Cast, KeyTeams, LedgerRow, Row } from "./rows";

// Around the packs: the series and contest, the marketplace, award cards, follows and challenges.
// Part of the demo seed (src/server/db/seed.ts, docs/TESTING.md).

export function buildSeriesAndContest(catalog: Catalog, keyTeams: KeyTeams, now: Date) {
  const eaglesSeriesId = randomUUID();
  const seriesRows: Row<typeof series>[] = [
    {
      id: eaglesSeriesId,
      slug: "eagles-season",
      title: `Eagles ${nflSeasonYear(nyDay(now))} Season`,
      summary: "Every Eagles pack of the season in one place. Follow it to get a text when a new one opens.",
      coverUrl: keyTeams.eagles.logoUrl,
      teamId: keyTeams.eagles.id,
    },
  ];
  const seriesPackRows = ["eagles-cowboys-week-12", "eagles-commanders-week-13"].map((packUrl, position) => ({
    seriesId: eaglesSeriesId,
    packId: catalog.packIdOf(packUrl),
    position,
  }));

  const contestId = randomUUID();
  const showdownPackIds = ["eagles-cowboys-week-12", "ravens-steelers-week-12"].map(catalog.packIdOf);
  const lastClose = Math.max(
    ...catalog.packRows.filter((pack) => showdownPackIds.includes(pack.id)).map((pack) => pack.closeTime.getTime()),
  );
  const contestRows: Row<typeof contests>[] = [
    {
      id: contestId,
      slug: "week-12-showdown",
      title: "Week 12 Showdown",
      summary: "Two week-12 packs, one leaderboard.",
      details: "Points from Cowboys at Eagles and the Sunday doubleheader add up; most points after the last game wins.",
      coverUrl: LEAGUE_LOGOS.nfl,
      prize: "$250 Sideline Gear gift card",
      startsAt: new Date(now.getTime() - 5 * DAY),
      endsAt: new Date(lastClose + 4 * HOUR),
    },
  ];
  const contestPackRows = showdownPackIds.map((packId) => ({ contestId, packId }));
  return { eaglesSeriesId, seriesRows, seriesPackRows, contestRows, contestPackRows };
}

/**
 * Items priced against the demo balances (see DEMO_PLAYERS); one item's only code went to a demo exchange.
 * Each has its own drawing in public/demo/items/ (served at /demo/items/), so the demo's marketplace
 * shows pictures, not placeholder tiles (issue 23 item 15).
 */
export function buildMarketplace(cast: Cast, keyTeams: KeyTeams, now: Date) {
  const itemRows: Array<Row<typeof items> & { id: string }> = [];
  const codeRows: Array<Row<typeof itemCodes> & { id: string }> = [];
  const addItem = (item: Omit<Row<typeof items>, "id">, codePrefix: string, codeCount: number) => {
    const id = randomUUID();
    itemRows.push({ ...item, id });
    for (let i = 0; i < codeCount; i++) {
      codeRows.push({ id: randomUUID(), itemId: id, code: `${codePrefix}-${randomCode(4)}-${randomCode(4)}` });
    }
    return id;
  };
  addItem(
    {
      name: "Stadium Snack Voucher",
      tokens: 50,
      brand: "Concession Stand",
      description: "A hot dog and a drink at any participating stadium stand.",
      imageUrl: "/demo/items/snack-voucher.svg",
    },
    "SNACK",
    8,
  );
  addItem(
    {
      name: "$25 Sideline Gear Gift Card",
      tokens: 500,
      brand: "Sideline Gear",
      featured: true,
      description: "Spend it on jerseys, hats and gear for your team.",
      imageUrl: "/demo/items/gift-card.svg",
    },
    "GEAR25",
    6,
  );
  addItem(
    {
      name: "Team Logo Beanie",
      tokens: 250,
      brand: "Sideline Gear",
      description: "A knit beanie with your team's logo; pick the team when you redeem.",
      imageUrl: "/demo/items/beanie.svg",
      teamImages: Object.fromEntries(
        [keyTeams.eagles, keyTeams.cowboys, keyTeams.phillies, keyTeams.yankees].map((t) => [t.slug, t.logoUrl ?? LEAGUE_LOGOS[t.league]]),
      ),
    },
    "BEANIE",
    5,
  );
  addItem(
    {
      name: "Takes Hoodie",
      tokens: 800,
      brand: "Takes",
      requiresShipping: true,
      description: "Heavyweight hoodie, shipped to your door.",
      imageUrl: "/demo/items/hoodie.svg",
    },
    "HOODIE",
    4,
  );
  addItem(
    {
      name: "VIP Tailgate Pass",
      tokens: 1000,
      brand: "Takes",
      status: "hidden",
      description: "Not on sale yet: a tailgate for two at a home game.",
      imageUrl: "/demo/items/vip-pass.svg",
    },
    "TAILGATE",
    3,
  );
  const raffle = { name: "Signed Baseball Raffle Entry", tokens: 150 };
  const raffleId = addItem(
    {
      ...raffle,
      brand: "Takes",
      description: "One entry in the monthly signed-baseball raffle.",
      imageUrl: "/demo/items/signed-baseball.svg",
    },
    "RAFFLE",
    1,
  );

  const raffleCode = codeRows.find((code) => code.itemId === raffleId)!;
  const exchangedAt = new Date(now.getTime() - DAY);
  raffleCode.usedAt = exchangedAt;
  const exchangeId = randomUUID();
  const profileId = cast.playerId.dinger_dan;
  const exchangeRows: Row<typeof exchanges>[] = [
    {
      id: exchangeId,
      profileId,
      itemId: raffleId,
      itemCodeId: raffleCode.id,
      tokens: raffle.tokens,
      createdAt: exchangedAt,
    },
  ];
  const ledgerRows: LedgerRow[] = [
    {
      profileId,
      amountCents: -raffle.tokens * 100,
      kind: "exchange",
      businessKey: `exchange:${exchangeId}`,
      reason: `Redeemed ${raffle.name}`,
      exchangeId,
      createdAt: exchangedAt,
    },
  ];
  return { itemRows, codeRows, exchangeRows, ledgerRows };
}

/** The award cards of docs/PRODUCT.md §8 and the claims demo players already made. */
export function buildAwardCards(cast: Cast, keyTeams: KeyTeams, eaglesSeriesId: string, now: Date) {
  const { eagles, phillies } = keyTeams;
  const card = (row: Omit<Row<typeof awardCards>, "id">) => ({
    ...row,
    id: randomUUID(),
    tokensCents: row.tokensCents ?? 0,
  });
  const welcome = card({ code: "WELCOME10", name: "Welcome Bonus", kind: "award", tokensCents: 1000 });
  const eaglesFan = card({
    code: "EAGLESFAN",
    name: "Eagles Fan Bonus",
    kind: "award",
    tokensCents: 500,
    imageUrl: eagles.logoUrl,
    requirementKey: "follow_team",
    requirementTeamId: eagles.id,
    redirectTeamId: eagles.id,
  });
  const phillyPromo = card({
    code: "PHILLYPROMO",
    name: "Phillies Fan Zone",
    kind: "promo",
    imageUrl: phillies.logoUrl,
    targetType: "team",
    targetTeamId: phillies.id,
    redirectTeamId: phillies.id,
  });
  const seasonPromo = card({
    code: "EAGLESSEASON",
    name: "Follow the Eagles season",
    kind: "promo",
    imageUrl: eagles.logoUrl,
    targetType: "series",
    targetSeriesId: eaglesSeriesId,
    redirectTeamId: eagles.id,
  });
  const expired = card({
    code: "OPENINGDAY",
    name: "Opening Day Bonus",
    kind: "award",
    tokensCents: 1500,
    validFrom: new Date(now.getTime() - 120 * DAY),
    validUntil: new Date(now.getTime() - 90 * DAY),
  });
  // One claim short of its cap, so the next claim exhausts it.
  const capped = card({ code: "FIRST3", name: "First Three Fans", kind: "award", tokensCents: 2500, maxClaims: 3 });

  const claims: Array<[typeof welcome, DemoHandle]> = [
    [welcome, "gridiron_gus"],
    [welcome, "bullpen_betty"],
    [eaglesFan, "gridiron_gus"],
    [capped, "blitz_bella"],
    [capped, "dinger_dan"],
  ];
  const claimRows: Row<typeof awardClaims>[] = [];
  const ledgerRows: LedgerRow[] = [];
  claims.forEach(([claimed, handle], index) => {
    const claimId = randomUUID();
    const profileId = cast.playerId[handle];
    const createdAt = new Date(now.getTime() - (10 - index) * DAY);
    claimRows.push({ id: claimId, awardCardId: claimed.id, profileId, tokensCents: claimed.tokensCents, createdAt });
    ledgerRows.push({
      profileId,
      amountCents: claimed.tokensCents,
      kind: "award_claim",
      businessKey: `award:${claimed.id}:${profileId}`,
      reason: `Claimed ${claimed.code}`,
      awardClaimId: claimId,
      createdAt,
    });
  });
  const cardRows = [welcome, eaglesFan, phillyPromo, seasonPromo, expired, capped].map((c) => ({
    ...c,
    claimsCount: claims.filter(([claimed]) => claimed === c).length,
  }));
  return { cardRows, claimRows, ledgerRows };
}

/** Follows and pack-open subscriptions (a favourite team is also followed), and a head-to-head on the graded pack. */
export function buildFollowsAndChallenges(cast: Cast, keyTeams: KeyTeams, eaglesSeriesId: string, catalog: Catalog) {
  const { playerId, joinedAt } = cast;
  const { eagles, yankees, phillies } = keyTeams;
  const followRows: Row<typeof follows>[] = [
    { profileId: playerId.gridiron_gus, teamId: eagles.id, createdAt: joinedAt },
    { profileId: playerId.bullpen_betty, teamId: yankees.id, createdAt: joinedAt },
    { profileId: playerId.blitz_bella, seriesId: eaglesSeriesId, createdAt: joinedAt },
    { profileId: playerId.dinger_dan, teamId: phillies.id, createdAt: joinedAt },
  ];
  const subscriptionRows: Row<typeof subscriptions>[] = [
    { profileId: playerId.gridiron_gus, scopeKey: `team:${eagles.id}`, teamId: eagles.id },
    { profileId: playerId.bullpen_betty, scopeKey: "league:mlb", league: "mlb" },
    { profileId: playerId.bullpen_betty, scopeKey: `team:${yankees.id}`, teamId: yankees.id },
    { profileId: playerId.blitz_bella, scopeKey: `series:${eaglesSeriesId}`, seriesId: eaglesSeriesId },
    { profileId: playerId.dinger_dan, scopeKey: "league:nfl", league: "nfl" },
  ];
  // Accepted before kickoff; settling it once the pack is graded is the head-to-head job's work.
  const rivalry = catalog.packRows.find((pack) => pack.packUrl === "eagles-cowboys-week-12")!;
  const challengedAt = new Date(rivalry.closeTime.getTime() - 2 * DAY);
  const challengeRows: Row<typeof h2hChallenges>[] = [
    {
      packId: rivalry.id,
      challengerProfileId: playerId.gridiron_gus,
      challengedProfileId: playerId.bullpen_betty,
      status: "accepted",
      createdAt: challengedAt,
      acceptedAt: new Date(challengedAt.getTime() + 3 * HOUR),
    },
  ];
  return { followRows, subscriptionRows, challengeRows };
}
