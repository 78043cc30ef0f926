import "server-only";
import { randomUUID } from "node:crypto";
import type { League } from "@/config";
import { nyDay } from "@/domain/time";
import type { ParsedEspnTeam } from "@/server/integrations/espn/parse-teams";
import { events, profiles } from "../schema";
import { buildPacks, buildSubmissions, gradeTakes } from "./catalog";
import { type Clock, DAY, HOUR, nflSeasonYear } from "./clock";
import { buildAwardCards, buildFollowsAndChallenges, buildMarketplace, buildSeriesAndContest } from "./community";
import { GAME_PLANS, type Game, type GameKey, type GamePlan } from "./games";
import { DEMO_ADMIN_HANDLE, DEMO_MEMBERS_PASSWORD_ID, DEMO_PLAYERS, type DemoHandle } from "./identities";
import { planPacks } from "./pack-plans";
import type { Cast, KeyTeams, LedgerRow, Row, TeamRow, World } from "./rows";

// Builds the whole demo world from the plans: the cast, the games, the packs and everything around them.
// Part of the demo seed (src/server/db/seed.ts, docs/TESTING.md).

export function buildWorld(input: { clock: Clock; teams: ParsedEspnTeam[]; adminPhone: string; membersPasswordHash: string }): World {
  const { clock } = input;
  const teamRows: TeamRow[] = input.teams.map((team) => ({ ...team, id: randomUUID(), teamType: "team" }));
  const team = (league: League, abbreviation: string): TeamRow => {
    const found = teamRows.find((row) => row.league === league && row.abbreviation === abbreviation);
    if (!found) throw new Error(`Demo data needs the ${league} team ${abbreviation}, missing from the ESPN fixture`);
    return found;
  };
  const keyTeams: KeyTeams = {
    eagles: team("nfl", "PHI"),
    cowboys: team("nfl", "DAL"),
    phillies: team("mlb", "PHI"),
    yankees: team("mlb", "NYY"),
  };

  const cast = buildCast(clock, input.adminPhone, keyTeams);
  const games = resolveGames(clock, team);
  const plans = planPacks(games, clock);
  const catalog = buildPacks(plans, cast.adminId, clock.now);
  const { receiptRows, takeRows } = buildSubmissions(plans, catalog, cast, clock.now);
  const payoutRows = gradeTakes(takeRows, catalog);
  const groups = buildSeriesAndContest(catalog, keyTeams, clock.now);
  const market = buildMarketplace(cast, keyTeams, clock.now);
  const awards = buildAwardCards(cast, keyTeams, groups.eaglesSeriesId, clock.now);
  const bonusRows: LedgerRow[] = DEMO_PLAYERS.map((p) => ({
    profileId: cast.playerId[p.handle],
    amountCents: p.welcomeBonusCents,
    kind: "admin_adjustment",
    businessKey: `seed:bonus:${cast.playerId[p.handle]}`,
    reason: "Welcome bonus",
    actorProfileId: cast.adminId,
    createdAt: new Date(cast.joinedAt.getTime() + HOUR),
  }));
  const social = buildFollowsAndChallenges(cast, keyTeams, groups.eaglesSeriesId, catalog);

  const counts = {
    teams: teamRows.length,
    events: Object.keys(games).length,
    packs: catalog.packRows.length,
    props: catalog.propRows.length,
    profiles: cast.profileRows.length,
    takes: takeRows.length,
    "marketplace items": market.itemRows.length,
    "award cards": awards.cardRows.length,
  };

  return {
    teams: teamRows,
    profiles: cast.profileRows,
    events: Object.values(games).map(eventRow),
    packs: catalog.packRows,
    packEvents: catalog.packEventRows,
    props: catalog.propRows,
    series: groups.seriesRows,
    seriesPacks: groups.seriesPackRows,
    contests: groups.contestRows,
    contestPacks: groups.contestPackRows,
    receipts: receiptRows,
    takes: takeRows,
    items: market.itemRows,
    itemCodes: market.codeRows,
    exchanges: market.exchangeRows,
    awardCards: awards.cardRows,
    awardClaims: awards.claimRows,
    ledger: [...bonusRows, ...payoutRows, ...awards.ledgerRows, ...market.ledgerRows],
    follows: social.followRows,
    subscriptions: social.subscriptionRows,
    h2hChallenges: social.challengeRows,
    memberPasswords: [{ passwordId: DEMO_MEMBERS_PASSWORD_ID, passwordHash: input.membersPasswordHash, updatedBy: cast.adminId }],
    adminId: cast.adminId,
    counts,
  };
}

function buildCast(clock: Clock, adminPhone: string, keyTeams: KeyTeams): Cast {
  const adminId = randomUUID();
  const playerId = Object.fromEntries(DEMO_PLAYERS.map((p) => [p.handle, randomUUID()])) as Record<DemoHandle, string>;
  const joinedAt = new Date(clock.now.getTime() - 30 * DAY);
  // Players who follow something agreed to texts when they followed.
  const textable: DemoHandle[] = ["gridiron_gus", "bullpen_betty", "blitz_bella", "dinger_dan"];
  const profileRows: Row<typeof profiles>[] = [
    {
      id: adminId,
      handle: DEMO_ADMIN_HANDLE,
      phone: adminPhone,
      handleIsGenerated: false,
      superAdmin: true,
      createdAt: joinedAt,
      updatedAt: joinedAt,
    },
    ...DEMO_PLAYERS.map((p) => ({
      id: playerId[p.handle],
      handle: p.handle,
      phone: p.phone,
      handleIsGenerated: false,
      favoriteTeamId: p.handle === "gridiron_gus" ? keyTeams.eagles.id : null,
      smsConsentAt: textable.includes(p.handle) ? joinedAt : null,
      createdAt: joinedAt,
      updatedAt: joinedAt,
    })),
  ];
  return { adminId, playerId, joinedAt, profileRows };
}

function resolveGames(clock: Clock, team: (league: League, abbreviation: string) => TeamRow): Record<GameKey, Game> {
  const entries = (Object.entries(GAME_PLANS) as Array<[GameKey, GamePlan]>).map(([key, plan]): [GameKey, Game] => {
    const homeTeam = team(plan.league, plan.home);
    const awayTeam = team(plan.league, plan.away);
    return [
      key,
      {
        ...plan,
        key,
        id: randomUUID(),
        startTime: plan.start(clock),
        homeTeam,
        awayTeam,
        title: `${awayTeam.fullName} @ ${homeTeam.fullName}`,
        shortName: `${awayTeam.abbreviation} @ ${homeTeam.abbreviation}`,
      },
    ];
  });
  return Object.fromEntries(entries) as Record<GameKey, Game>;
}

function eventRow(game: Game): Row<typeof events> {
  const favorite = game.moneyline.home <= game.moneyline.away ? game.homeTeam : game.awayTeam;
  const day = nyDay(game.startTime);
  const matchup = `${game.awayTeam.abbreviation}-${game.homeTeam.abbreviation}`.toLowerCase();
  return {
    id: game.id,
    league: game.league,
    espnEventId: `demo-${game.league}-${matchup}-${day.replaceAll("-", "")}`,
    title: game.title,
    shortName: game.shortName,
    startTime: game.startTime,
    status: game.status,
    statusDetail: game.statusDetail ?? null,
    homeTeamId: game.homeTeam.id,
    awayTeamId: game.awayTeam.id,
    homeScore: game.score?.home ?? null,
    awayScore: game.score?.away ?? null,
    venue: game.venue,
    seasonYear: game.league === "nfl" ? nflSeasonYear(day) : Number(day.slice(0, 4)),
    seasonType: 2,
    week: game.week ?? null,
    odds: {
      provider: "Demo odds",
      details: `${favorite.abbreviation} ${Math.min(game.moneyline.home, game.moneyline.away)}`,
      homeMoneyline: game.moneyline.home,
      awayMoneyline: game.moneyline.away,
      overUnder: game.overUnder,
    },
    details: { homeRecord: game.records.home, awayRecord: game.records.away },
  };
}
