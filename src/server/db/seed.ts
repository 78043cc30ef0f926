import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { League } from "@/config";
import { toE164 } from "@/domain/phone";
import { isGradedStatus, takePayout } from "@/domain/grading";
import { sideValue, type TakeResult } from "@/domain/points";
import { addDays, nyDay, nyWallTime } from "@/domain/time";
import { serverEnv } from "@/env";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { hashSecret } from "@/server/auth/secret-hash";
import { parseEspnTeams, type ParsedEspnTeam } from "@/server/integrations/espn/parse-teams";
import { packWinnersSql } from "@/server/grading/pack-winner-rule";
import { rebuildLeaderboardTotalsInTransaction } from "@/server/leaderboards/rebuild-leaderboard-totals";
import type { Db, Tx } from "./client";
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
  packGradedViews,
  packs,
  players,
  profiles,
  props,
  receipts,
  series,
  seriesPacks,
  smsOutbox,
  subscriptions,
  takes,
  teams,
  tokenLedger,
  type EVENT_STATUSES,
  type PACK_STATUSES,
  type PROP_STATUSES,
} from "./schema";

// ---------------------------------------------------------------- public demo identities

/** Super admin of the demo world (handle `commish`), unless `adminPhone` overrides it. */
export const DEMO_ADMIN_PHONE = "+15555550100";
export const DEMO_ADMIN_HANDLE = "commish";
export const DEMO_MEMBERS_PASSWORD_ID = "beta-members";
/** The demo members-gate password for /contests. */
export const DEMO_MEMBERS_PASSWORD = "letmein";

/**
 * Demo players. Welcome bonuses are chosen so that bullpen_betty can afford the
 * featured 500-token gift card and hail_mary_hank cannot afford even the
 * cheapest item (50 tokens).
 */
export const DEMO_PLAYERS = [
  { handle: "gridiron_gus", phone: "+15555550101", welcomeBonusCents: 5_000 },
  { handle: "bullpen_betty", phone: "+15555550102", welcomeBonusCents: 50_000 },
  { handle: "blitz_bella", phone: "+15555550103", welcomeBonusCents: 2_500 },
  { handle: "dinger_dan", phone: "+15555550104", welcomeBonusCents: 20_000 },
  { handle: "hail_mary_hank", phone: "+15555550105", welcomeBonusCents: 1_000 },
] as const;
type DemoHandle = (typeof DEMO_PLAYERS)[number]["handle"];

export interface SeedOptions {
  /** The instant the demo world is built around (default: the current time). */
  now?: Date;
  /** Wipe the content tables and seed again even when the database has data. */
  force?: boolean;
  /** Phone of the super admin profile (default DEMO_ADMIN_PHONE), e.g. the first of ADMIN_PHONES; any US format. */
  adminPhone?: string;
  /** Initial members-gate password (default: MEMBERS_PASSWORD when set, else DEMO_MEMBERS_PASSWORD). */
  membersPassword?: string;
}

export interface SeedResult {
  seeded: boolean;
  reason?: string;
  counts?: Record<string, number>;
}

// ---------------------------------------------------------------- tables

/**
 * Everything the demo world writes, children before parents so that deleting
 * in this order never trips a foreign key. Rate-limit counters, sign-in codes
 * and the job queue are left alone: they are the running system's state, not
 * demo content. Drizzle's migration journal lives in its own schema and is
 * never touched.
 */
const CONTENT_TABLES_CHILDREN_FIRST: PgTable[] = [
  adminAuditLog,
  h2hChallenges,
  contestPacks,
  contests,
  smsOutbox,
  subscriptions,
  follows,
  tokenLedger,
  awardClaims,
  awardCards,
  exchanges,
  itemCodes,
  items,
  leaderboardTotals,
  packGradedViews,
  takes,
  receipts,
  seriesPacks,
  series,
  props,
  packEvents,
  packs,
  memberPasswords,
  profiles,
  players,
  events,
  teams,
];

// Any constant: two app instances booting at once on one Postgres serialise here.
const SEED_LOCK_KEY = 727_002;

/**
 * Builds the demo world around `now` in one transaction: all of it or nothing.
 * Refuses (seeded: false) when the database already holds data, unless `force`,
 * which first wipes the content tables in the same transaction.
 */
export async function seedDemoData(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const now = options.now ?? new Date();
  const adminPhone = toE164(options.adminPhone ?? DEMO_ADMIN_PHONE);
  if (!adminPhone) {
    return { seeded: false, reason: `adminPhone ${options.adminPhone} is not a 10-digit US phone number` };
  }
  if (DEMO_PLAYERS.some((player) => player.phone === adminPhone)) {
    return { seeded: false, reason: `adminPhone ${adminPhone} belongs to a demo player` };
  }

  const world = buildWorld({
    clock: { now, today: nyDay(now) },
    teams: [...loadFixtureTeams("nfl"), ...loadFixtureTeams("mlb")],
    adminPhone,
    membersPasswordHash: await hashSecret(initialMembersPassword(options)),
  });

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const occupied = await occupiedTables(tx);
    if (occupied.length > 0 && !options.force) {
      return {
        seeded: false,
        reason: `the database already has data (${occupied.join(", ")}); use force to wipe it and seed again`,
      };
    }
    for (const table of CONTENT_TABLES_CHILDREN_FIRST) await tx.delete(table);
    await insertWorld(tx, world);
    // Winners by the rule grading uses (src/server/grading/pack-winner-rule.ts), set half an hour after each grade.
    await tx.execute(sql`
      update packs p set winner_profile_id = w.profile_id, winner_points = w.points, winners_set_at = p.graded_at + interval '30 minutes'
      from (${packWinnersSql(sql`t.pack_id in (select id from packs where status = 'graded')`)}) w
      where p.id = w.pack_id`);
    await rebuildLeaderboardTotalsInTransaction(tx);
    await recordAdminAction(tx, {
      actorProfileId: world.adminId,
      action: "seed",
      entityType: "database",
      after: world.counts,
    });
    return { seeded: true, counts: world.counts };
  });
}

/** The gate compares typed passwords trimmed, so the stored one is trimmed too; blank means unset. */
function initialMembersPassword(options: SeedOptions): string {
  const candidates = [options.membersPassword, serverEnv().MEMBERS_PASSWORD, DEMO_MEMBERS_PASSWORD];
  return candidates.map((candidate) => candidate?.trim()).find((candidate) => candidate) ?? DEMO_MEMBERS_PASSWORD;
}

async function occupiedTables(tx: Tx): Promise<string[]> {
  const checks = { profiles, packs, teams, events, items, awardCards } as const;
  const occupied: string[] = [];
  for (const [name, table] of Object.entries(checks)) {
    const rows = await tx
      .select({ one: sql<number>`1` })
      .from(table)
      .limit(1);
    if (rows.length > 0) occupied.push(name);
  }
  return occupied;
}

function loadFixtureTeams(league: League): ParsedEspnTeam[] {
  // Committed ESPN /teams responses, read from the app's own tree (cwd is the
  // project root for next, the CLI and vitest alike, as for migrations).
  const file = path.join(process.cwd(), "fixtures", "espn", `teams-${league}.json`);
  return parseEspnTeams(JSON.parse(readFileSync(file, "utf8")), league);
}

// ---------------------------------------------------------------- clock

interface Clock {
  now: Date;
  /** The New York calendar day of `now`. */
  today: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A New York wall-clock time `dayOffset` days from today. */
const dayAt = (clock: Clock, dayOffset: number, hour: number, minute = 0) => nyWallTime(addDays(clock.today, dayOffset), hour, minute);

const roundToFiveMinutes = (ms: number, round: "up" | "down") =>
  new Date((round === "up" ? Math.ceil : Math.floor)(ms / (5 * MINUTE)) * 5 * MINUTE);

/**
 * Tonight's usual start time, unless that is less than an hour away (a seed
 * run late in the day): then three hours from now, so the game is still ahead.
 */
function laterToday(clock: Clock, hour: number, minute: number): Date {
  const usual = dayAt(clock, 0, hour, minute);
  return usual.getTime() - clock.now.getTime() >= HOUR ? usual : roundToFiveMinutes(clock.now.getTime() + 3 * HOUR, "up");
}

/** The NFL season a day belongs to: January and February games close the previous year's season. */
function nflSeasonYear(day: string): number {
  const [year, month] = day.split("-").map(Number) as [number, number];
  return month <= 2 ? year - 1 : year;
}

// ---------------------------------------------------------------- games

type EventStatus = (typeof EVENT_STATUSES)[number];

interface GamePlan {
  league: League;
  away: string;
  home: string;
  start: (clock: Clock) => Date;
  status: EventStatus;
  statusDetail?: string;
  score?: { home: number; away: number };
  moneyline: { home: number; away: number };
  overUnder: number;
  venue: string;
  records: { home: string; away: string };
  /** NFL only; the demo world is always in week 12, with next week's games in week 13. */
  week?: number;
}

// The demo week as players see it: finals from the last three days, one game
// under way, games later today, tomorrow and next week. Kept as a compact table.
// prettier-ignore
const GAME_PLANS = {
  cowboysAtEagles: {
    league: "nfl", away: "DAL", home: "PHI", week: 12,
    start: (c) => dayAt(c, -2, 20, 20),
    status: "final", statusDetail: "Final", score: { home: 27, away: 20 },
    moneyline: { home: -150, away: 130 }, overUnder: 47.5,
    venue: "Lincoln Financial Field", records: { home: "9-2", away: "6-5" },
  },
  billsAtChiefs: {
    league: "nfl", away: "BUF", home: "KC", week: 12,
    start: (c) => dayAt(c, -1, 16, 25),
    status: "final", statusDetail: "Final", score: { home: 24, away: 27 },
    moneyline: { home: -120, away: 100 }, overUnder: 51.5,
    venue: "GEHA Field at Arrowhead Stadium", records: { home: "8-3", away: "9-2" },
  },
  packersAt49ers: {
    league: "nfl", away: "GB", home: "SF", week: 12,
    start: (c) => roundToFiveMinutes(c.now.getTime() - 75 * MINUTE, "down"),
    status: "in_progress", statusDetail: "2nd Quarter", score: { home: 14, away: 10 },
    moneyline: { home: -180, away: 155 }, overUnder: 44.5,
    venue: "Levi's Stadium", records: { home: "7-4", away: "7-4" },
  },
  giantsAtCommanders: {
    league: "nfl", away: "NYG", home: "WSH", week: 12,
    // Drives the "closing soon" pack: kickoff (and so the pack's close) under two hours away.
    start: (c) => roundToFiveMinutes(c.now.getTime() + 100 * MINUTE, "up"),
    status: "scheduled",
    moneyline: { home: -250, away: 205 }, overUnder: 43.5,
    venue: "Northwest Stadium", records: { home: "8-3", away: "3-8" },
  },
  ravensAtSteelers: {
    league: "nfl", away: "BAL", home: "PIT", week: 12,
    start: (c) => dayAt(c, 1, 13, 0),
    status: "scheduled",
    moneyline: { home: 140, away: -165 }, overUnder: 41.5,
    venue: "Acrisure Stadium", records: { home: "7-4", away: "8-3" },
  },
  lionsAtBears: {
    league: "nfl", away: "DET", home: "CHI", week: 12,
    start: (c) => dayAt(c, 1, 16, 25),
    status: "scheduled",
    moneyline: { home: 230, away: -280 }, overUnder: 48.5,
    venue: "Soldier Field", records: { home: "4-7", away: "10-1" },
  },
  commandersAtEagles: {
    league: "nfl", away: "WSH", home: "PHI", week: 13,
    start: (c) => dayAt(c, 7, 20, 20),
    status: "scheduled",
    moneyline: { home: -200, away: 170 }, overUnder: 46.5,
    venue: "Lincoln Financial Field", records: { home: "10-2", away: "8-4" },
  },
  dolphinsAtJets: {
    league: "nfl", away: "MIA", home: "NYJ", week: 13,
    start: (c) => dayAt(c, 8, 13, 0),
    status: "scheduled",
    moneyline: { home: 110, away: -130 }, overUnder: 40.5,
    venue: "MetLife Stadium", records: { home: "4-8", away: "5-7" },
  },
  redSoxAtYankees: {
    league: "mlb", away: "BOS", home: "NYY",
    start: (c) => dayAt(c, -3, 19, 5),
    status: "final", statusDetail: "Final", score: { home: 5, away: 3 },
    moneyline: { home: -145, away: 125 }, overUnder: 8.5,
    venue: "Yankee Stadium", records: { home: "88-60", away: "80-68" },
  },
  cubsAtWhiteSox: {
    league: "mlb", away: "CHC", home: "CHW",
    start: (c) => dayAt(c, -3, 20, 10),
    status: "postponed", statusDetail: "Postponed (rain)",
    moneyline: { home: 150, away: -175 }, overUnder: 9,
    venue: "Rate Field", records: { home: "55-93", away: "83-65" },
  },
  athleticsAtMariners: {
    league: "mlb", away: "ATH", home: "SEA",
    start: (c) => dayAt(c, -2, 21, 40),
    status: "final", statusDetail: "Final", score: { home: 2, away: 4 },
    moneyline: { home: -130, away: 110 }, overUnder: 7.5,
    venue: "T-Mobile Park", records: { home: "81-67", away: "70-78" },
  },
  metsAtPhilliesYesterday: {
    league: "mlb", away: "NYM", home: "PHI",
    start: (c) => dayAt(c, -1, 18, 45),
    status: "final", statusDetail: "Final", score: { home: 6, away: 2 },
    moneyline: { home: -140, away: 120 }, overUnder: 8.5,
    venue: "Citizens Bank Park", records: { home: "86-62", away: "79-69" },
  },
  metsAtPhilliesTonight: {
    league: "mlb", away: "NYM", home: "PHI",
    start: (c) => laterToday(c, 18, 45),
    status: "scheduled",
    moneyline: { home: -135, away: 115 }, overUnder: 8.5,
    venue: "Citizens Bank Park", records: { home: "87-62", away: "79-70" },
  },
  dodgersAtGiants: {
    league: "mlb", away: "LAD", home: "SF",
    start: (c) => dayAt(c, 1, 21, 45),
    status: "scheduled",
    moneyline: { home: 135, away: -155 }, overUnder: 8,
    venue: "Oracle Park", records: { home: "74-75", away: "87-62" },
  },
  astrosAtMariners: {
    league: "mlb", away: "HOU", home: "SEA",
    start: (c) => dayAt(c, 6, 21, 40),
    status: "scheduled",
    moneyline: { home: -110, away: -110 }, overUnder: 7.5,
    venue: "T-Mobile Park", records: { home: "82-68", away: "81-69" },
  },
} satisfies Record<string, GamePlan>;
type GameKey = keyof typeof GAME_PLANS;

interface Game extends GamePlan {
  key: GameKey;
  id: string;
  startTime: Date;
  homeTeam: TeamRow;
  awayTeam: TeamRow;
  title: string;
  shortName: string;
}

// ---------------------------------------------------------------- props

type PropStatus = (typeof PROP_STATUSES)[number];
type PackStatus = (typeof PACK_STATUSES)[number];
type GradedStatus = Extract<PropStatus, "gradedA" | "gradedB" | "push" | "void">;

interface Outcome {
  status: GradedStatus;
  resultText: string;
}

interface SidePlan {
  short: string;
  take: string;
  moneyline: number | null;
}

interface PropPlan {
  game: Game | null;
  shortLabel: string;
  title: string;
  summary: string;
  sideA: SidePlan;
  sideB: SidePlan;
  gradingRule: "who_wins" | "total_over_under" | "spread" | null;
  gradingParams: Record<string, unknown> | null;
  /** What grading decides from the game as seeded; null while the game is undecided. */
  outcome: Outcome | null;
}

const scoreLine = (game: Game, score: { home: number; away: number }) =>
  score.home >= score.away
    ? `${game.homeTeam.abbreviation} ${score.home} - ${score.away} ${game.awayTeam.abbreviation}`
    : `${game.awayTeam.abbreviation} ${score.away} - ${score.home} ${game.homeTeam.abbreviation}`;

const isCalledOff = (game: Game) => ["postponed", "cancelled"].includes(game.status);

/** Grades a prop from the game's final score; void when the game was called off, null while undecided. */
function outcomeFromScore(game: Game, decide: (score: { home: number; away: number }) => Outcome): Outcome | null {
  if (isCalledOff(game)) return { status: "void", resultText: game.statusDetail ?? "Postponed" };
  return game.status === "final" && game.score ? decide(game.score) : null;
}

/** Positive margin → side A, negative → side B, zero → push. */
const bySign = (margin: number, resultText: string): Outcome => ({
  status: margin > 0 ? "gradedA" : margin < 0 ? "gradedB" : "push",
  resultText,
});

function whoWinsProp(game: Game): PropPlan {
  const { homeTeam: home, awayTeam: away } = game;
  return {
    game,
    shortLabel: "Who wins?",
    title: `${away.name} at ${home.name}: who wins?`,
    summary: `The ${home.fullName} (${game.records.home}) host the ${away.fullName} (${game.records.away}) at ${game.venue}.`,
    sideA: { short: home.abbreviation, take: `The ${home.name} beat the ${away.name}`, moneyline: game.moneyline.home },
    sideB: { short: away.abbreviation, take: `The ${away.name} beat the ${home.name}`, moneyline: game.moneyline.away },
    gradingRule: "who_wins",
    gradingParams: { homeSide: "A" },
    outcome: outcomeFromScore(game, (score) => bySign(score.home - score.away, scoreLine(game, score))),
  };
}

function totalProp(game: Game, moneylines: { over: number; under: number } = { over: -110, under: -110 }): PropPlan {
  const { homeTeam: home, awayTeam: away, overUnder: line } = game;
  const unit = game.league === "nfl" ? "points" : "runs";
  const both = `The ${away.name} and ${home.name} combine for`;
  return {
    game,
    shortLabel: game.league === "nfl" ? "Total points" : "Total runs",
    title: `${away.name} at ${home.name}: over or under ${line} ${unit}?`,
    summary: `The line is ${line} total ${unit}.`,
    sideA: { short: `Over ${line}`, take: `${both} more than ${line} ${unit}`, moneyline: moneylines.over },
    sideB: { short: `Under ${line}`, take: `${both} fewer than ${line} ${unit}`, moneyline: moneylines.under },
    gradingRule: "total_over_under",
    gradingParams: { line, overSide: "A" },
    outcome: outcomeFromScore(game, (score) => {
      const total = score.home + score.away;
      return bySign(total - line, `${total} total ${unit}`);
    }),
  };
}

/** The home team giving `points`; a win by exactly that many is a push. */
function homeSpreadProp(game: Game, points: number, moneylines: { home: number; away: number }): PropPlan {
  const { homeTeam: home, awayTeam: away } = game;
  return {
    game,
    shortLabel: "Spread",
    title: `${home.name} -${points} against the ${away.name}`,
    summary: `The ${home.name} must win by more than ${points} to cover; a ${points}-point win is a push.`,
    sideA: {
      short: `${home.abbreviation} -${points}`,
      take: `The ${home.name} win by more than ${points}`,
      moneyline: moneylines.home,
    },
    sideB: {
      short: `${away.abbreviation} +${points}`,
      take: `The ${away.name} lose by fewer than ${points} or win`,
      moneyline: moneylines.away,
    },
    gradingRule: "spread",
    gradingParams: { homeSide: "A", homeSpread: -points },
    outcome: outcomeFromScore(game, (score) => bySign(score.home - score.away - points, scoreLine(game, score))),
  };
}

/** A yes/no prop graded by hand; `outcome` is what the admin graded, for packs that are already graded. */
function yesNoProp(plan: {
  game: Game | null;
  shortLabel: string;
  title: string;
  summary: string;
  yesTake: string;
  noTake: string;
  moneylines: { yes: number; no: number };
  outcome?: Outcome;
}): PropPlan {
  return {
    game: plan.game,
    shortLabel: plan.shortLabel,
    title: plan.title,
    summary: plan.summary,
    sideA: { short: "Yes", take: plan.yesTake, moneyline: plan.moneylines.yes },
    sideB: { short: "No", take: plan.noTake, moneyline: plan.moneylines.no },
    gradingRule: null,
    gradingParams: null,
    outcome: plan.outcome ?? null,
  };
}

// ---------------------------------------------------------------- packs

interface PrizePlan {
  title: string;
  summary: string;
  points: number;
  imageUrl: string;
}

/** Picks per prop position: "A", "B", or "-" for no take on that prop. */
type Picks = Partial<Record<DemoHandle, string>>;

interface PackPlan {
  packUrl: string;
  title: string;
  league: League;
  status: PackStatus;
  summary: string;
  games: Game[];
  props: PropPlan[];
  openTime: Date | null;
  closeTime: Date;
  coverUrl: string | null;
  featured: boolean;
  prize: PrizePlan | null;
  /** Final submissions, in the order they were made. */
  picks: Picks;
  /** Submissions made before `picks` and partly overwritten by them (take history). */
  earlierPicks: Picks;
}

const LEAGUE_LOGOS: Record<League, string> = {
  nfl: "https://a.espncdn.com/i/teamlogos/leagues/500/nfl.png",
  mlb: "https://a.espncdn.com/i/teamlogos/leagues/500/mlb.png",
};

function packPlan(
  plan: Pick<PackPlan, "packUrl" | "title" | "status" | "summary" | "games" | "props"> &
    Partial<Pick<PackPlan, "openTime" | "coverUrl" | "featured" | "prize" | "picks" | "earlierPicks">>,
): PackPlan {
  const firstGame = plan.games[0];
  if (!firstGame) throw new Error(`Demo pack ${plan.packUrl} has no game`);
  // A pack closes at its last game's start; each prop closes at its own game's.
  const closeTime = new Date(Math.max(...plan.games.map((game) => game.startTime.getTime())));
  return {
    ...plan,
    league: firstGame.league,
    closeTime,
    openTime: plan.openTime === undefined ? new Date(closeTime.getTime() - 4 * DAY) : plan.openTime,
    coverUrl: plan.coverUrl === undefined ? firstGame.homeTeam.logoUrl : plan.coverUrl,
    featured: plan.featured ?? false,
    prize: plan.prize ?? null,
    picks: plan.picks ?? {},
    earlierPicks: plan.earlierPicks ?? {},
  };
}

/** One pack in every state of docs/PRODUCT.md §2, both leagues, with takes where players could make them. */
function planPacks(games: Record<GameKey, Game>, clock: Clock): PackPlan[] {
  return [
    packPlan({
      packUrl: "eagles-cowboys-week-12",
      title: "Cowboys at Eagles",
      status: "graded",
      summary: "The NFC East rivalry under the lights in Philadelphia.",
      games: [games.cowboysAtEagles],
      props: [
        whoWinsProp(games.cowboysAtEagles),
        totalProp(games.cowboysAtEagles),
        homeSpreadProp(games.cowboysAtEagles, 7, { home: -105, away: -115 }),
        yesNoProp({
          game: games.cowboysAtEagles,
          shortLabel: "Opening drive",
          title: "Do the Eagles score on their opening drive?",
          summary: "Any points on the Eagles' first possession count.",
          yesTake: "The Eagles score on their opening drive",
          noTake: "The Eagles do not score on their opening drive",
          moneylines: { yes: 120, no: -140 },
          outcome: { status: "gradedA", resultText: "PHI opening-drive touchdown" },
        }),
      ],
      picks: {
        gridiron_gus: "AAAA",
        bullpen_betty: "ABBA",
        blitz_bella: "BBAB",
        dinger_dan: "ABA-",
        hail_mary_hank: "BABB",
      },
      earlierPicks: { gridiron_gus: "B---" },
    }),
    packPlan({
      packUrl: "yankees-red-sox-rivalry",
      title: "Red Sox at Yankees + Crosstown Classic",
      status: "graded",
      summary: "The Bronx rivalry and a Chicago crosstown game on the same night.",
      games: [games.redSoxAtYankees, games.cubsAtWhiteSox],
      props: [whoWinsProp(games.redSoxAtYankees), totalProp(games.redSoxAtYankees), whoWinsProp(games.cubsAtWhiteSox)],
      picks: { gridiron_gus: "AAB", bullpen_betty: "BBA", blitz_bella: "AA-", dinger_dan: "ABA" },
    }),
    // Status is still `open` but the close time has passed and the game is
    // final: the effective state ("closed, awaiting grading") comes from the clock.
    packPlan({
      packUrl: "chiefs-bills-week-12",
      title: "Bills at Chiefs",
      status: "open",
      summary: "Two AFC heavyweights at Arrowhead.",
      games: [games.billsAtChiefs],
      props: [
        whoWinsProp(games.billsAtChiefs),
        totalProp(games.billsAtChiefs),
        yesNoProp({
          game: games.billsAtChiefs,
          shortLabel: "Overtime?",
          title: "Does Bills at Chiefs go to overtime?",
          summary: "Regulation ties are rare; the price says so.",
          yesTake: "Bills at Chiefs goes to overtime",
          noTake: "Bills at Chiefs is decided in regulation",
          moneylines: { yes: 600, no: -1000 },
        }),
      ],
      picks: { gridiron_gus: "AAB", bullpen_betty: "BBB", dinger_dan: "ABB", hail_mary_hank: "B-B" },
    }),
    packPlan({
      packUrl: "packers-49ers-week-12",
      title: "Packers at 49ers",
      status: "live",
      summary: "NFC contenders meet in Santa Clara.",
      games: [games.packersAt49ers],
      props: [
        whoWinsProp(games.packersAt49ers),
        totalProp(games.packersAt49ers),
        yesNoProp({
          game: games.packersAt49ers,
          shortLabel: "49ers 28+?",
          title: "Do the 49ers score 28 or more points?",
          summary: "Overtime points count.",
          yesTake: "The 49ers score 28 or more points",
          noTake: "The 49ers score 27 or fewer points",
          moneylines: { yes: 140, no: -165 },
        }),
      ],
      picks: { gridiron_gus: "AAA", blitz_bella: "BAB", hail_mary_hank: "ABB" },
    }),
    packPlan({
      packUrl: "giants-commanders-week-12",
      title: "Giants at Commanders",
      status: "open",
      summary: "Closing soon: the Giants visit Washington.",
      games: [games.giantsAtCommanders],
      props: [
        whoWinsProp(games.giantsAtCommanders),
        totalProp(games.giantsAtCommanders),
        yesNoProp({
          game: games.giantsAtCommanders,
          shortLabel: "Halftime lead",
          title: "Do the Commanders lead at halftime?",
          summary: "A tie at the half counts as no.",
          yesTake: "The Commanders lead at halftime",
          noTake: "The Commanders do not lead at halftime",
          moneylines: { yes: -200, no: 165 },
        }),
      ],
      picks: { bullpen_betty: "AB-", dinger_dan: "BBA" },
    }),
    packPlan({
      packUrl: "ravens-steelers-week-12",
      title: "Sunday Doubleheader: Ravens–Steelers and Lions–Bears",
      status: "open",
      summary: "Two division games, five props, one prize.",
      games: [games.ravensAtSteelers, games.lionsAtBears],
      props: [
        whoWinsProp(games.ravensAtSteelers),
        totalProp(games.ravensAtSteelers),
        whoWinsProp(games.lionsAtBears),
        totalProp(games.lionsAtBears),
        yesNoProp({
          game: null,
          shortLabel: "Any overtime?",
          title: "Does either game go to overtime?",
          summary: "Yes if Ravens–Steelers or Lions–Bears needs overtime.",
          yesTake: "At least one of the two games goes to overtime",
          noTake: "Both games are decided in regulation",
          moneylines: { yes: 450, no: -700 },
        }),
      ],
      featured: true,
      prize: {
        title: "$100 Sideline Gear gift card",
        summary: "Most points across both games wins a $100 gift card; ties go to more props won.",
        points: 1000,
        imageUrl: LEAGUE_LOGOS.nfl,
      },
      openTime: new Date(clock.now.getTime() - DAY),
      picks: { gridiron_gus: "BAABB", bullpen_betty: "AABAB", blitz_bella: "BBBAB" },
    }),
    packPlan({
      packUrl: "phillies-mets-tonight",
      title: "Mets at Phillies",
      status: "open",
      summary: "The NL East rivalry in South Philly tonight.",
      games: [games.metsAtPhilliesTonight],
      props: [
        whoWinsProp(games.metsAtPhilliesTonight),
        totalProp(games.metsAtPhilliesTonight, { over: -105, under: -115 }),
        yesNoProp({
          game: games.metsAtPhilliesTonight,
          shortLabel: "First-inning homer",
          title: "Is there a home run in the 1st inning?",
          summary: "Either team, top or bottom of the 1st.",
          yesTake: "Someone homers in the 1st inning",
          noTake: "Nobody homers in the 1st inning",
          moneylines: { yes: 300, no: -400 },
        }),
      ],
      picks: { gridiron_gus: "AAB", bullpen_betty: "ABB", dinger_dan: "BAB" },
    }),
    packPlan({
      packUrl: "eagles-commanders-week-13",
      title: "Commanders at Eagles",
      status: "coming-soon",
      summary: "Week 13 in Philadelphia; opens tomorrow morning.",
      games: [games.commandersAtEagles],
      props: [
        whoWinsProp(games.commandersAtEagles),
        totalProp(games.commandersAtEagles),
        yesNoProp({
          game: games.commandersAtEagles,
          shortLabel: "Eagles 30+?",
          title: "Do the Eagles score 30 or more points?",
          summary: "Overtime points count.",
          yesTake: "The Eagles score 30 or more points",
          noTake: "The Eagles score 29 or fewer points",
          moneylines: { yes: 180, no: -220 },
        }),
      ],
      openTime: dayAt(clock, 1, 10, 0),
    }),
    packPlan({
      packUrl: "astros-mariners-next-week",
      title: "Astros at Mariners",
      status: "draft",
      summary: "AL West showdown; still being written.",
      games: [games.astrosAtMariners],
      props: [
        whoWinsProp(games.astrosAtMariners),
        totalProp(games.astrosAtMariners),
        yesNoProp({
          game: games.astrosAtMariners,
          shortLabel: "Stolen base?",
          title: "Is there a stolen base?",
          summary: "Either team, any inning.",
          yesTake: "At least one base is stolen",
          noTake: "Nobody steals a base",
          moneylines: { yes: -150, no: 130 },
        }),
      ],
      openTime: null,
      coverUrl: null,
    }),
    packPlan({
      packUrl: "athletics-mariners-finale",
      title: "Athletics at Mariners",
      status: "archived",
      summary: "An old series finale, kept for the record.",
      games: [games.athleticsAtMariners],
      props: [
        whoWinsProp(games.athleticsAtMariners),
        totalProp(games.athleticsAtMariners),
        yesNoProp({
          game: games.athleticsAtMariners,
          shortLabel: "Extra innings?",
          title: "Does the game go to extra innings?",
          summary: "Anything past the 9th counts.",
          yesTake: "The game goes to extra innings",
          noTake: "The game ends in nine innings",
          moneylines: { yes: 800, no: -1400 },
          outcome: { status: "gradedB", resultText: "Nine innings" },
        }),
      ],
    }),
  ];
}

// ---------------------------------------------------------------- the world as rows

type Row<T extends PgTable> = T["$inferInsert"];
type TeamRow = Row<typeof teams> & ParsedEspnTeam & { id: string };
type PackRow = Row<typeof packs> & { id: string; closeTime: Date };
type PropRow = Row<typeof props> & {
  id: string;
  packId: string;
  status: PropStatus;
  sideAValue: number;
  sideBValue: number;
};
type ReceiptRow = Row<typeof receipts> & { createdAt: Date };
type TakeRow = Row<typeof takes> & { id: string; result: TakeResult; isCurrent: boolean; side: "A" | "B" };
type LedgerRow = Row<typeof tokenLedger>;

interface World {
  teams: TeamRow[];
  profiles: Row<typeof profiles>[];
  events: Row<typeof events>[];
  packs: PackRow[];
  packEvents: Row<typeof packEvents>[];
  props: PropRow[];
  series: Row<typeof series>[];
  seriesPacks: Row<typeof seriesPacks>[];
  contests: Row<typeof contests>[];
  contestPacks: Row<typeof contestPacks>[];
  receipts: ReceiptRow[];
  takes: TakeRow[];
  items: Row<typeof items>[];
  itemCodes: Row<typeof itemCodes>[];
  exchanges: Row<typeof exchanges>[];
  awardCards: Row<typeof awardCards>[];
  awardClaims: Row<typeof awardClaims>[];
  ledger: LedgerRow[];
  follows: Row<typeof follows>[];
  subscriptions: Row<typeof subscriptions>[];
  h2hChallenges: Row<typeof h2hChallenges>[];
  memberPasswords: Row<typeof memberPasswords>[];
  adminId: string;
  counts: Record<string, number>;
}

/** The people of the demo world, with their ids. */
interface Cast {
  adminId: string;
  playerId: Record<DemoHandle, string>;
  joinedAt: Date;
  profileRows: Row<typeof profiles>[];
}

/** The teams the demo world mentions by name. */
interface KeyTeams {
  eagles: TeamRow;
  cowboys: TeamRow;
  phillies: TeamRow;
  yankees: TeamRow;
}

function buildWorld(input: { clock: Clock; teams: ParsedEspnTeam[]; adminPhone: string; membersPasswordHash: string }): World {
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

interface Catalog {
  packRows: PackRow[];
  packEventRows: Row<typeof packEvents>[];
  propRows: PropRow[];
  packIdOf(packUrl: string): string;
  propsOf(packId: string): PropRow[];
}

function buildPacks(plans: PackPlan[], adminId: string, now: Date): Catalog {
  const packIds = new Map(plans.map((plan) => [plan.packUrl, randomUUID()]));
  const packIdOf = (packUrl: string) => {
    const id = packIds.get(packUrl);
    if (!id) throw new Error(`Unknown demo pack ${packUrl}`);
    return id;
  };
  const packRows: PackRow[] = [];
  const packEventRows: Row<typeof packEvents>[] = [];
  const propRows: PropRow[] = [];
  for (const plan of plans) {
    const id = packIdOf(plan.packUrl);
    const isGraded = plan.status === "graded" || plan.status === "archived";
    const gradedAt = isGraded ? new Date(plan.closeTime.getTime() + 4 * HOUR) : null;
    const alreadyOpened = plan.status !== "draft" && plan.openTime !== null && plan.openTime <= now;
    packRows.push({
      id,
      packUrl: plan.packUrl,
      title: plan.title,
      league: plan.league,
      status: plan.status,
      coverUrl: plan.coverUrl,
      summary: plan.summary,
      prizeTitle: plan.prize?.title ?? null,
      prizeSummary: plan.prize?.summary ?? null,
      prizePoints: plan.prize?.points ?? null,
      prizeImageUrl: plan.prize?.imageUrl ?? null,
      openTime: plan.openTime,
      closeTime: plan.closeTime,
      featured: plan.featured,
      creatorProfileId: adminId,
      gradedAt,
      // Packs that opened in the past were announced then; without this the
      // pack-open job would text every demo subscriber on first start.
      openNotifiedAt: alreadyOpened ? plan.openTime : null,
    });
    plan.games.forEach((game, position) => packEventRows.push({ packId: id, eventId: game.id, position }));
    plan.props.forEach((prop, position) => {
      const outcome = isGraded ? prop.outcome : null;
      if (isGraded && !outcome) throw new Error(`Demo pack ${plan.packUrl} is graded but "${prop.title}" has no outcome`);
      propRows.push({
        id: randomUUID(),
        packId: id,
        eventId: prop.game?.id ?? null,
        position,
        shortLabel: prop.shortLabel,
        title: prop.title,
        summary: prop.summary,
        sideAShort: prop.sideA.short,
        sideBShort: prop.sideB.short,
        sideATake: prop.sideA.take,
        sideBTake: prop.sideB.take,
        sideAMoneyline: prop.sideA.moneyline,
        sideBMoneyline: prop.sideB.moneyline,
        sideAValue: sideValue(prop.sideA.moneyline),
        sideBValue: sideValue(prop.sideB.moneyline),
        closeTime: prop.game?.startTime ?? plan.closeTime,
        // A live pack's games have started, so its props no longer take picks.
        status: outcome?.status ?? (plan.status === "live" ? "closed" : "open"),
        resultText: outcome?.resultText ?? null,
        gradingRule: prop.gradingRule,
        gradingParams: prop.gradingParams,
        gradedAt,
      });
    });
  }
  return {
    packRows,
    packEventRows,
    propRows,
    packIdOf,
    propsOf: (packId) => propRows.filter((prop) => prop.packId === packId),
  };
}

/** One receipt per submission and one take per picked prop; a later pick on a prop overwrites the earlier take. */
function buildSubmissions(plans: PackPlan[], catalog: Catalog, cast: Cast, now: Date): { receiptRows: ReceiptRow[]; takeRows: TakeRow[] } {
  const receiptRows: ReceiptRow[] = [];
  const takeRows: TakeRow[] = [];
  const currentTake = new Map<string, TakeRow>();
  const submit = (plan: PackPlan, handle: DemoHandle, picks: string, submittedAt: Date) => {
    const packId = catalog.packIdOf(plan.packUrl);
    const packProps = catalog.propsOf(packId);
    if (picks.length !== packProps.length || !/^[AB-]+$/.test(picks)) {
      throw new Error(`Demo picks "${picks}" for ${plan.packUrl} must give A, B or - for each of ${packProps.length} props`);
    }
    const profileId = cast.playerId[handle];
    const receiptId = randomReceiptId();
    receiptRows.push({ id: receiptId, profileId, packId, idempotencyKey: randomUUID(), createdAt: submittedAt });
    packProps.forEach((prop, position) => {
      const side = picks[position];
      if (side !== "A" && side !== "B") return;
      const key = `${profileId}:${prop.id}`;
      const previous = currentTake.get(key);
      if (previous) {
        previous.isCurrent = false;
        previous.overwrittenAt = submittedAt;
      }
      const take: TakeRow = {
        id: randomUUID(),
        profileId,
        propId: prop.id,
        packId,
        receiptId,
        side,
        lockedValue: side === "A" ? prop.sideAValue : prop.sideBValue,
        isCurrent: true,
        result: "pending",
        createdAt: submittedAt,
      };
      takeRows.push(take);
      currentTake.set(key, take);
    });
  };
  for (const plan of plans) {
    // Submissions come a while before the pack closed (or before now, for packs still open).
    const lastChance = Math.min(now.getTime(), plan.closeTime.getTime());
    const earlier = Object.entries(plan.earlierPicks) as Array<[DemoHandle, string]>;
    earlier.forEach(([handle, picks], order) =>
      submit(plan, handle, picks, new Date(lastChance - DAY - (earlier.length - order) * 45 * MINUTE)),
    );
    const final = Object.entries(plan.picks) as Array<[DemoHandle, string]>;
    final.forEach(([handle, picks], order) => submit(plan, handle, picks, new Date(lastChance - (final.length - order) * 45 * MINUTE)));
  }
  return { receiptRows, takeRows };
}

/** Scores current takes on graded props by grading's own rule (takePayout, src/domain/grading.ts) and returns their payout ledger rows. */
function gradeTakes(takeRows: TakeRow[], catalog: Catalog): LedgerRow[] {
  const propById = new Map(catalog.propRows.map((prop) => [prop.id, prop]));
  const packById = new Map(catalog.packRows.map((pack) => [pack.id, pack]));
  const payouts: LedgerRow[] = [];
  for (const take of takeRows) {
    const prop = propById.get(take.propId)!;
    if (!take.isCurrent || !isGradedStatus(prop.status)) continue;
    const payout = takePayout(prop.status, take.side, take.lockedValue);
    take.result = payout.result;
    take.points = payout.points;
    take.tokensCents = payout.tokensCents;
    if (take.tokensCents > 0) {
      payouts.push({
        profileId: take.profileId,
        amountCents: take.tokensCents,
        kind: "take_payout",
        businessKey: `payout:${prop.id}:v0:${take.id}`,
        reason: `${packById.get(take.packId)!.title}: ${prop.shortLabel}`,
        takeId: take.id,
        packId: take.packId,
        createdAt: prop.gradedAt!,
      });
    }
  }
  return payouts;
}

function buildSeriesAndContest(catalog: Catalog, keyTeams: KeyTeams, now: Date) {
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
function buildMarketplace(cast: Cast, keyTeams: KeyTeams, now: Date) {
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
function buildAwardCards(cast: Cast, keyTeams: KeyTeams, eaglesSeriesId: string, now: Date) {
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
function buildFollowsAndChallenges(cast: Cast, keyTeams: KeyTeams, eaglesSeriesId: string, catalog: Catalog) {
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

const URL_SAFE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
// No 0/O or 1/I: codes are read off a screen and typed in.
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function randomString(alphabet: string, length: number): string {
  // Rejection sampling keeps every character equally likely for any alphabet size.
  const limit = 256 - (256 % alphabet.length);
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

/** Receipt ids are short and unguessable (docs/PRODUCT.md §3): 10 URL-safe characters, 60 random bits. */
const randomReceiptId = () => randomString(URL_SAFE_ALPHABET, 10);
const randomCode = (length: number) => randomString(CODE_ALPHABET, length);

// ---------------------------------------------------------------- writing

async function insertWorld(tx: Tx, world: World): Promise<void> {
  // Parents before children; each table in one statement.
  await insertRows(tx, teams, world.teams);
  await insertRows(tx, profiles, world.profiles);
  await insertRows(tx, events, world.events);
  await insertRows(tx, packs, world.packs);
  await insertRows(tx, packEvents, world.packEvents);
  await insertRows(tx, props, world.props);
  await insertRows(tx, series, world.series);
  await insertRows(tx, seriesPacks, world.seriesPacks);
  await insertRows(tx, contests, world.contests);
  await insertRows(tx, contestPacks, world.contestPacks);
  await insertRows(tx, receipts, world.receipts);
  await insertRows(tx, takes, world.takes);
  await insertRows(tx, items, world.items);
  await insertRows(tx, itemCodes, world.itemCodes);
  await insertRows(tx, exchanges, world.exchanges);
  await insertRows(tx, awardCards, world.awardCards);
  await insertRows(tx, awardClaims, world.awardClaims);
  await insertRows(tx, tokenLedger, world.ledger);
  await insertRows(tx, follows, world.follows);
  await insertRows(tx, subscriptions, world.subscriptions);
  await insertRows(tx, h2hChallenges, world.h2hChallenges);
  await insertRows(tx, memberPasswords, world.memberPasswords);
}

async function insertRows<T extends PgTable>(tx: Tx, table: T, rows: Row<T>[]): Promise<void> {
  if (rows.length > 0) await tx.insert(table).values(rows);
}
