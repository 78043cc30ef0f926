// What the admin's live panel on /admin shows (docs/decisions/053-game-day-live.md): the games
// in their live window, the live poller's last read per league and day, and its ESPN errors.
// Plain data (ISO instants), handed from the server read to the panel component.
import type { League } from "@/config";
import type { LiveMoment, LiveState } from "./live";

/** A game with the poller's last reading of it (`readAt` null when never read). */
export interface LivePanelGame extends LiveMoment {
  eventId: string;
  league: League;
  /** "GB @ SEA". */
  matchup: string;
  startTime: string;
  /** Null until the poller has read the game. */
  state: LiveState | null;
  version: number | null;
  /** Props with a grading rule, not yet graded, on published packs: what its final will grade. */
  propsToGrade: { count: number; labels: string[] };
}

export interface LivePanelPoll {
  league: League;
  /** YYYYMMDD, New York. */
  day: string;
  lastReadAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  failures: number;
  /** Set while backing off after failures: no read before then. */
  nextPollAt: string | null;
}

export interface LivePanel {
  /** The instant the panel was read (ISO): ages are measured from it. */
  now: string;
  /** LIVE_POLL_MS. */
  pollMs: number;
  games: LivePanelGame[];
  /** The most recent league-days the poller read or tried, newest first. */
  polls: LivePanelPoll[];
}

/** "12 s ago", "3 min ago", "2 h ago": the age of a reading, to the second while it is fresh. */
export function readingAge(instant: string, now: string): string {
  const seconds = Math.max(0, Math.floor((Date.parse(now) - Date.parse(instant)) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}
