// Leaderboard scope keys (docs/decisions/005-ledger-and-grading.md). A take
// counts in `all`, its league, its pack, every contest and series holding the pack, the
// teams of its prop's event, and the New York day, week and season of its
// submission, both for all leagues and for its league. The SQL that fills
// leaderboard_totals builds the same keys; these functions name the one a
// page reads.
import { addDays, nyDay } from "./time";

export const LEADERBOARD_PERIODS = ["all", "today", "week", "season"] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];

/** Monday of the New York week holding `day` (YYYY-MM-DD). */
export function weekStartOf(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * Sports season of a day: the calendar year, except that January and February
 * still belong to the season that started the year before (NFL playoffs).
 */
export function seasonYearOf(day: string): number {
  const [y, m] = day.split("-").map(Number) as [number, number];
  return m <= 2 ? y - 1 : y;
}

/** The period part of a scope key for an instant, or null for all time. */
export function periodKey(period: LeaderboardPeriod, now: Date): string | null {
  const today = nyDay(now);
  switch (period) {
    case "today":
      return `day:${today}`;
    case "week":
      return `week:${weekStartOf(today)}`;
    case "season":
      return `season:${seasonYearOf(today)}`;
    default:
      return null;
  }
}

/** Key of the all-takes leaderboard, optionally narrowed to a league and a period. */
export function overallScopeKey(options: { league?: string | null; period: LeaderboardPeriod; now: Date }): string {
  const period = periodKey(options.period, options.now);
  const league = options.league ? `league:${options.league}` : null;
  if (league && period) return `${league}:${period}`;
  return league ?? period ?? "all";
}

export const packScopeKey = (packId: string) => `pack:${packId}`;
export const contestScopeKey = (contestId: string) => `contest:${contestId}`;
export const seriesScopeKey = (seriesId: string) => `series:${seriesId}`;
export const teamScopeKey = (teamId: string) => `team:${teamId}`;

/** Every scope key one current take counts in, as the database computes them (for recomputation in tests). */
export function scopesOfTake(take: {
  league: string | null;
  packId: string;
  contestIds: readonly string[];
  seriesIds?: readonly string[];
  teamIds: readonly string[];
  createdAt: Date;
}): string[] {
  const day = nyDay(take.createdAt);
  const periods = [`day:${day}`, `week:${weekStartOf(day)}`, `season:${seasonYearOf(day)}`];
  const keys = ["all", packScopeKey(take.packId), ...periods];
  if (take.league) keys.push(`league:${take.league}`, ...periods.map((p) => `league:${take.league}:${p}`));
  for (const contestId of new Set(take.contestIds)) keys.push(contestScopeKey(contestId));
  for (const seriesId of new Set(take.seriesIds ?? [])) keys.push(seriesScopeKey(seriesId));
  for (const teamId of new Set(take.teamIds)) keys.push(teamScopeKey(teamId));
  return keys;
}
