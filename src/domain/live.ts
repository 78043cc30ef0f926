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

/** One game's live reading as every viewer receives it (the SSE `game` event and GET /api/live). */
export interface LiveGame {
  eventId: string;
  /** events.live_version: the stream's event id; a client keeps the highest it has seen. */
  version: number;
  state: LiveState;
  /** ESPN's short words for the moment: "Q3 4:12", "Top 7th", "Halftime", "Rain Delay", "Final/OT". */
  detail: string | null;
  period: number | null;
  clock: string | null;
  homeScore: number | null;
  awayScore: number | null;
  /** When ESPN last told us this (ISO). */
  readAt: string | null;
  /** For each ungraded prop on the game that has a grading rule: the side leading now. */
  leaders: Record<string, Leader>;
}

/** States in which the game is being played or paused mid-game: the ones a fan sweats. */
export const isInPlay = (state: LiveState) => state === "in_progress" || state === "halftime" || state === "delayed";

/** A reading older than this shows "as of" beside it (issue 37 item 3). */
export const STALE_READING_MS = 60_000;
