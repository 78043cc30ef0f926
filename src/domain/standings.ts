// League standings (docs/decisions/062-league-standings.md): a league season's or a contest's
// players ranked over a set of packs (a week's, or all of them), with the tie-break order the
// commissioner chose. The written words, the rule keys and the week arithmetic live here so the
// page, the admin setting, the SQL reader (src/server/standings/read-standings.ts) and the tests
// name one rule from one place (docs/decisions/036-one-truth-for-schema-and-rules.md).
import { addDays, nyDay } from "./time";
import { weekStartOf, seasonYearOf } from "./leaderboard-scope";
import { nflWeek1Start, NFL_MAX_WEEK } from "./nfl-weeks";

import { STANDINGS_TIE_BREAKS, type StandingsTieBreak } from "./standings-rules";

export { STANDINGS_TIE_BREAKS, type StandingsTieBreak };

/** At most this many steps; each at most once. */
export const MAX_TIE_BREAK_STEPS = STANDINGS_TIE_BREAKS.length;

/** The order when the commissioner has chosen none: the pack winner rule's (props won, then earliest final submission). */
export const DEFAULT_STANDINGS_TIE_BREAK: readonly StandingsTieBreak[] = ["won", "earliest"];

/** Each step as the "How ties are broken" note and the admin select read it. */
export const STANDINGS_TIE_BREAK_LABELS: Record<StandingsTieBreak, string> = {
  won: "Most props won",
  earliest: "Earliest final submission (the time of the player's last change to their picks)",
  most_picks: "Most picks made",
  fewest_picks: "Fewest picks made",
};

export function isStandingsTieBreak(value: unknown): value is StandingsTieBreak {
  return (STANDINGS_TIE_BREAKS as readonly unknown[]).includes(value);
}

/** The written order shown to players: points, the chosen steps, then handle A to Z (a shared rank). */
export function standingsTieBreakWords(order: readonly StandingsTieBreak[]): string[] {
  return [
    "Most points",
    ...order.map((step) => `Then ${STANDINGS_TIE_BREAK_LABELS[step].charAt(0).toLowerCase()}${STANDINGS_TIE_BREAK_LABELS[step].slice(1)}`),
    "Then handle, A to Z (players level on every step above share a rank)",
  ];
}

/** A player's line in standings, before ranking. `lastSubmittedAt` is null when no receipt is known. */
export interface StandingsLine {
  handle: string;
  points: number;
  won: number;
  picks: number;
  lastSubmittedAt: Date | null;
}

/** Compares two lines on points and the chosen steps only: 0 means they share a rank. */
export function compareOnRule(a: StandingsLine, b: StandingsLine, order: readonly StandingsTieBreak[]): number {
  if (a.points !== b.points) return b.points - a.points;
  for (const step of order) {
    let diff = 0;
    if (step === "won") diff = b.won - a.won;
    else if (step === "most_picks") diff = b.picks - a.picks;
    else if (step === "fewest_picks") diff = a.picks - b.picks;
    else {
      // Earliest first; a line with no submission time goes after every timed one (SQL's `asc nulls last`).
      const at = a.lastSubmittedAt?.getTime() ?? Infinity;
      const bt = b.lastSubmittedAt?.getTime() ?? Infinity;
      diff = at === bt ? 0 : at < bt ? -1 : 1;
    }
    if (diff !== 0) return diff;
  }
  return 0;
}

const byHandle = (a: StandingsLine, b: StandingsLine) => {
  const x = a.handle.toLowerCase();
  const y = b.handle.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * Standings in order with standard competition ranks (1, 2, 2, 4): the rule the SQL reader runs,
 * written in TypeScript for the table of cases (tests/unit/standings.test.ts) and the API test.
 */
export function rankStandings<T extends StandingsLine>(
  lines: readonly T[],
  order: readonly StandingsTieBreak[],
): Array<T & { rank: number }> {
  const sorted = [...lines].sort((a, b) => compareOnRule(a, b, order) || byHandle(a, b));
  let rank = 0;
  return sorted.map((line, index) => {
    if (index === 0 || compareOnRule(sorted[index - 1]!, line, order) !== 0) rank = index + 1;
    return { ...line, rank };
  });
}

// ---------------------------------------------------------------- weeks

/**
 * A standings week is named by its first New York day. NFL: the NFL week (Thursday to Wednesday,
 * src/domain/nfl-weeks.ts); MLB: Monday to Sunday, the boards' week (src/domain/leaderboard-scope.ts).
 * A pack belongs to the week of its close time (its open time, when it has no close).
 */
export function standingsWeekStart(league: string, day: string): string {
  if (league !== "nfl") return weekStartOf(day);
  const week1 = nflWeek1Start(seasonYearOf(day));
  const days = Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${week1}T00:00:00Z`)) / 86_400_000);
  return addDays(week1, 7 * Math.floor(days / 7));
}

/**
 * The league standings scopes a pack's takes count in (the maintained totals of decision 062):
 * its league's season and standings week of the New York day of its close (else open, else
 * creation); none for drafts, archived packs or packs of no league. The TypeScript twin of the SQL
 * function standings_scope_keys (src/server/db/routines), for recomputation in tests.
 */
export function standingsScopesOfPack(pack: {
  league: string | null;
  status: string;
  closeTime: Date | null;
  openTime: Date | null;
  createdAt: Date;
}): string[] {
  if (!pack.league || pack.status === "draft" || pack.status === "archived") return [];
  const day = nyDay(pack.closeTime ?? pack.openTime ?? pack.createdAt);
  return [`standings:${pack.league}:season:${seasonYearOf(day)}`, `standings:${pack.league}:week:${standingsWeekStart(pack.league, day)}`];
}

/** First and last New York day (inclusive) of a standings season: March 1 to the last day of February. */
export function seasonDays(season: number): { first: string; last: string } {
  return { first: `${season}-03-01`, last: addDays(`${season + 1}-03-01`, -1) };
}

/** "Week 5" for an NFL week (its number counted from week 1), "Preseason"/"Postseason"; "Week of Sep 29" otherwise. */
export function standingsWeekLabel(league: string | null, weekStart: string): string {
  if (league === "nfl") {
    const week1 = nflWeek1Start(seasonYearOf(weekStart));
    const n = Math.round((Date.parse(`${weekStart}T00:00:00Z`) - Date.parse(`${week1}T00:00:00Z`)) / (7 * 86_400_000)) + 1;
    if (n < 1) return "Preseason";
    if (n > NFL_MAX_WEEK) return "Postseason";
    return `Week ${n}`;
  }
  const date = new Date(`${weekStart}T12:00:00Z`);
  return `Week of ${date.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" })}`;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a query value names a real day (YYYY-MM-DD). */
export function isDay(value: unknown): value is string {
  if (typeof value !== "string" || !DAY.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}
