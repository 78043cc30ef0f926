// Game day, live (docs/decisions/053-game-day-live.md): what a fan sees of a game in play, the
// same for every viewer, and what each of their pending takes would do "if it ended now".
import type { Outcome } from "./auto-grade";

/** A game's state as a fan reads it; `events.live_state` holds one of these. */
export const LIVE_STATES = ["scheduled", "in_progress", "halftime", "delayed", "final", "postponed", "suspended", "cancelled"] as const;
export type LiveState = (typeof LIVE_STATES)[number];

/** The database channel the live poller notifies and every web instance listens to, once. */
export const LIVE_CHANNEL = "takes_live";

/**
 * What travels on LIVE_CHANNEL (as JSON, well under NOTIFY's 8,000-byte limit): a game whose
 * reading changed (read the row at `version`), or a league's scoreboard read again with
 * nothing changed (so "as of" stays honest without a write per game).
 */
export type LiveNotice = { kind: "game"; eventId: string; version: number } | { kind: "poll"; league: string; readAt: string };

/** Who leads a prop's rule at the current score: the side that would win if the game ended now. */
export type Leader = Exclude<Outcome, "void">;

/** What the live poller last read of a game's moment: the fans' reading below and the admin's live panel (src/domain/live-panel.ts) both show it. */
export interface LiveMoment {
  /** ESPN's short words for the moment: "Q3 4:12", "Top 7th", "Halftime", "Rain Delay", "Final/OT". */
  detail: string | null;
  period: number | null;
  clock: string | null;
  homeScore: number | null;
  awayScore: number | null;
  /** When ESPN last told us this (ISO). */
  readAt: string | null;
}

/** One game's live reading as every viewer receives it (the SSE `game` event and GET /api/live). */
export interface LiveGame extends LiveMoment {
  eventId: string;
  /** events.live_version: the stream's event id; a client keeps the highest it has seen. */
  version: number;
  state: LiveState;
  /** For each ungraded prop on the game that has a grading rule: the side leading now. */
  leaders: Record<string, Leader>;
}

/** At most this many games per stream or request: a page shows a day's slate at most (16 NFL games). */
export const MAX_LIVE_GAMES = 40;

/** States in which the game is being played or paused mid-game: the ones a fan sweats. */
export const isInPlay = (state: LiveState) => state === "in_progress" || state === "halftime" || state === "delayed";

/** A reading older than this shows "as of" beside it (issue 37 item 3). */
export const STALE_READING_MS = 60_000;

/** What the server rendered of a game: the live islands show it until a newer reading arrives. */
export interface LiveGameSeed {
  eventId: string;
  league: string;
  /** events.live_version when rendered (0 before any live reading). */
  version: number;
  state: LiveState;
  detail: string | null;
  homeScore: number | null;
  awayScore: number | null;
  readAt: string | null;
  /** Team abbreviations. */
  home: string | null;
  away: string | null;
  /** ISO start: a game is watched from some hours before it until a while after it ends. */
  startTime: string;
  /** Ungraded rule props' leaders as rendered (empty: none yet, or not read). */
  leaders?: Record<string, Leader>;
}

/** A game as the pages read it from the events table (the live columns beside the grading status). */
export interface LiveColumns {
  id: string;
  status: string;
  statusDetail: string | null;
  homeScore: number | null;
  awayScore: number | null;
  startTime: Date;
  liveState: string | null;
  liveVersion: number | null;
  scoreReadAt: Date | null;
}

/** The seed of a game's live islands from its row; before the poller's first reading, its grading status. */
export function liveSeedOf(game: LiveColumns, league: string, teams: { home: string | null; away: string | null }): LiveGameSeed {
  const state = (LIVE_STATES as readonly string[]).includes(game.liveState ?? "")
    ? (game.liveState as LiveState)
    : (LIVE_STATES as readonly string[]).includes(game.status)
      ? (game.status as LiveState)
      : "scheduled";
  return {
    eventId: game.id,
    league,
    version: game.liveVersion ?? 0,
    state,
    detail: game.statusDetail,
    homeScore: game.homeScore,
    awayScore: game.awayScore,
    readAt: game.scoreReadAt?.toISOString() ?? null,
    home: teams.home,
    away: teams.away,
    startTime: game.startTime.toISOString(),
  };
}

const HOUR = 3_600_000;
const OVER: ReadonlySet<LiveState> = new Set(["final", "postponed", "cancelled"]);

/** Whether a page should follow a game: from 12 h before its start until it is over, and for an hour after its last reading. */
export function worthWatching(seed: LiveGameSeed, now: number): boolean {
  if (OVER.has(seed.state)) return seed.readAt !== null && now - Date.parse(seed.readAt) < HOUR;
  const start = Date.parse(seed.startTime);
  return start - now < 12 * HOUR && now - start < 18 * HOUR;
}
