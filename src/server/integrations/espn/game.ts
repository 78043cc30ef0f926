import "server-only";
import { z } from "zod";
import type { League } from "@/config";
import type { LiveState } from "@/domain/live";
import type { EVENT_STATUSES } from "@/server/db/schema";

// Shared pieces of ESPN's game shapes (scoreboard events and summary headers).
// Schemas declare only what we read; zod drops unknown keys, and every field
// ESPN has been seen to omit is optional, so a new or missing key never breaks
// an import (fixtures/espn/README.md lists the real variations).

export type EventStatus = (typeof EVENT_STATUSES)[number];

export const ZEspnId = z.union([z.string().min(1), z.number().int()]).transform(String);

/** Scores arrive as strings ("24"), sometimes numbers, and in core APIs as {value}. */
const ZScore = z
  .union([z.string(), z.number(), z.object({ value: z.number().optional(), displayValue: z.string().optional() })])
  .transform((raw): number | null => {
    const value = typeof raw === "object" ? (raw.value ?? raw.displayValue) : raw;
    const number = typeof value === "number" ? value : Number.parseInt(String(value ?? ""), 10);
    return Number.isFinite(number) ? Math.trunc(number) : null;
  });

export const ZEspnStatus = z.object({
  period: z.number().optional(),
  /** "4:12" in football; "0:00" in baseball, where it means nothing. */
  displayClock: z.string().optional(),
  type: z.object({
    name: z.string().optional(),
    state: z.string().optional(),
    completed: z.boolean().optional(),
    description: z.string().optional(),
    detail: z.string().optional(),
    shortDetail: z.string().optional(),
  }),
});
export type EspnStatus = z.infer<typeof ZEspnStatus>;

const ZLogo = z.object({ href: z.string(), rel: z.array(z.string()).optional() });
const ZRecord = z.object({ type: z.string().optional(), summary: z.string().optional() });

/**
 * A team's fields as ESPN sends them in a scoreboard, a summary and the /teams list alike; each
 * adds its own logo fields.
 */
export const ZEspnTeamFields = z.object({
  id: ZEspnId,
  abbreviation: z.string().min(1),
  displayName: z.string().min(1),
  shortDisplayName: z.string().optional(),
  name: z.string().optional(),
  location: z.string().optional(),
  color: z.string().optional(),
  alternateColor: z.string().optional(),
});

export const ZEspnCompetitor = z.object({
  homeAway: z.string(),
  score: ZScore.optional(),
  winner: z.boolean().optional(),
  records: z.array(ZRecord).optional(),
  record: z.union([z.array(ZRecord), z.string()]).optional(),
  team: ZEspnTeamFields.extend({
    logo: z.string().optional(),
    logos: z.array(ZLogo).optional(),
  }),
});
type EspnCompetitor = z.infer<typeof ZEspnCompetitor>;

/** One side of a game, as we keep it. */
export interface EspnGameSide {
  espnTeamId: string;
  abbreviation: string;
  displayName: string;
  /** The nickname ("Eagles"); falls back to the short display name. */
  name: string;
  location: string | null;
  logoUrl: string | null;
  color: string | null;
  alternateColor: string | null;
  /** Null until the game has started (ESPN sends "0" before). */
  score: number | null;
  winner: boolean | null;
  /** Overall record, e.g. "33-27", when ESPN sends one. */
  record: string | null;
}

export interface EspnGameOdds {
  provider: string | null;
  details: string | null;
  overUnder: number | null;
  /** Home team's spread (negative when home is favoured), as ESPN reports it. */
  spread: number | null;
  homeMoneyline: number | null;
  awayMoneyline: number | null;
  favorite: "home" | "away" | null;
}

/** A game read from a scoreboard or a summary. */
export interface EspnGame {
  league: League;
  espnEventId: string;
  title: string;
  shortName: string | null;
  startTime: Date;
  status: EventStatus;
  statusDetail: string | null;
  /** ESPN's own "completed" flag: true only for a finished game. */
  completed: boolean;
  /** The state a fan reads (docs/decisions/053-game-day-live.md): halftime and delays apart from play. */
  liveState: LiveState;
  /** Quarter or inning; null before the game (ESPN sends 0). */
  period: number | null;
  /** Football's game clock while play is on or paused ("4:12"); null otherwise and always in baseball. */
  clock: string | null;
  /** ESPN's short words for the moment: "4:12 - 3rd", "Top 7th", "Halftime", "Rain Delay", "Final/OT". */
  shortDetail: string | null;
  home: EspnGameSide;
  away: EspnGameSide;
  venue: string | null;
  neutralSite: boolean;
  seasonYear: number | null;
  seasonType: number | null;
  week: number | null;
  odds: EspnGameOdds | null;
}

/**
 * ESPN status → ours. `state: "post"` alone does not mean final: postponed and
 * suspended games are "post" with `completed: false`, so the status name and
 * the completed flag decide, never the state on its own.
 */
export function mapEspnStatus(status: EspnStatus | undefined): EventStatus {
  const type = status?.type;
  if (!type) return "scheduled";
  const name = (type.name ?? "").toUpperCase();
  if (name.includes("POSTPONED")) return "postponed";
  if (name.includes("SUSPENDED")) return "suspended";
  if (name.includes("CANCELED") || name.includes("CANCELLED")) return "cancelled";
  if (type.completed === true) return "final";
  // A delay before the first pitch or kickoff (period 0) has not started the game: it stays
  // scheduled, with ESPN's detail ("Rain Delay") beside it, rather than "Live 0-0".
  if (type.state === "in" && name.includes("DELAY") && (status?.period ?? 0) === 0) return "scheduled";
  if (type.state === "in") return "in_progress";
  if (type.state === "post") return (status?.period ?? 0) > 0 ? "suspended" : "postponed";
  return "scheduled";
}

/**
 * ESPN status → what a fan reads of the game (docs/decisions/053-game-day-live.md). Grading keeps
 * mapEspnStatus; this one splits out halftime and delays: any "in" status named *DELAY* (rain,
 * weather) is delayed, before the first pitch too, where mapEspnStatus keeps the game scheduled.
 * Postponed, suspended, cancelled, final, in progress and scheduled are as mapEspnStatus says.
 */
export function mapLiveState(status: EspnStatus | undefined): LiveState {
  const base = mapEspnStatus(status);
  if (base !== "in_progress" && base !== "scheduled") return base;
  const name = (status?.type.name ?? "").toUpperCase();
  if (name === "STATUS_HALFTIME") return "halftime";
  if (status?.type.state === "in" && name.includes("DELAY")) return "delayed";
  return base;
}

/** The live reading of a game's status: state, period, clock (football only) and ESPN's short words. */
export function liveReadingOf(
  status: EspnStatus | undefined,
  league: League,
): Pick<EspnGame, "liveState" | "period" | "clock" | "shortDetail"> {
  const liveState = mapLiveState(status);
  const period = status?.period && status.period > 0 ? status.period : null;
  // Baseball sends "0:00" all game long; its moment is the inning (period) and "Top 7th".
  const clockRuns = league === "nfl" && (liveState === "in_progress" || liveState === "delayed");
  return {
    liveState,
    period,
    clock: clockRuns ? (status?.displayClock ?? null) : null,
    shortDetail: status?.type.shortDetail ?? status?.type.detail ?? null,
  };
}

/** Scores mean something only once a game has started. */
const hasScores = (status: EventStatus) => status === "in_progress" || status === "final" || status === "suspended";

function pickLogo(team: EspnCompetitor["team"]): string | null {
  if (team.logo) return team.logo;
  const logos = team.logos ?? [];
  return (logos.find((logo) => logo.rel?.includes("default")) ?? logos[0])?.href ?? null;
}

function pickRecord(competitor: EspnCompetitor): string | null {
  if (typeof competitor.record === "string") return competitor.record;
  const records = competitor.records ?? competitor.record ?? [];
  return (records.find((r) => r.type === "total") ?? records[0])?.summary ?? null;
}

export function cssColor(hex: string | undefined): string | null {
  const value = hex?.trim().replace(/^#/, "").toLowerCase();
  return value && /^([0-9a-f]{3}|[0-9a-f]{6})$/.test(value) ? `#${value}` : null;
}

export function toGameSide(competitor: EspnCompetitor, status: EventStatus): EspnGameSide {
  const team = competitor.team;
  return {
    espnTeamId: team.id,
    abbreviation: team.abbreviation,
    displayName: team.displayName,
    name: team.name ?? team.shortDisplayName ?? team.displayName,
    location: team.location ?? null,
    logoUrl: pickLogo(team),
    color: cssColor(team.color),
    alternateColor: cssColor(team.alternateColor),
    score: hasScores(status) ? (competitor.score ?? null) : null,
    winner: competitor.winner ?? null,
    record: pickRecord(competitor),
  };
}

/** Splits competitors into home and away; null when ESPN did not send exactly one of each. */
export function homeAndAway(competitors: EspnCompetitor[]): { home: EspnCompetitor; away: EspnCompetitor } | null {
  const home = competitors.find((c) => c.homeAway === "home");
  const away = competitors.find((c) => c.homeAway === "away");
  return home && away ? { home, away } : null;
}

/** ESPN writes instants like "2025-09-05T00:20Z" (no seconds); Date parses them as UTC. */
export function parseEspnInstant(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * One competition's two sides, start and status as a scoreboard and a summary both carry them,
 * each side read with that status; or what made it unreadable ("sides": not one home and one
 * away competitor, "date": no readable start), for the caller to report in its own words.
 */
export function readCompetition(
  competitors: EspnCompetitor[],
  date: string,
  statusSource: EspnStatus | undefined,
): { startTime: Date; status: EventStatus; home: EspnGameSide; away: EspnGameSide } | "sides" | "date" {
  const sides = homeAndAway(competitors);
  if (!sides) return "sides";
  const startTime = parseEspnInstant(date);
  if (!startTime) return "date";
  const status = mapEspnStatus(statusSource);
  return { startTime, status, home: toGameSide(sides.home, status), away: toGameSide(sides.away, status) };
}
