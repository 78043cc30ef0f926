import { addDays } from "./time";

export const NFL_DEFAULT_SEASON = 2025;
export const NFL_MAX_WEEK = 22;

/** Week 1 starts on the Thursday after Labor Day (first Monday of September). */
export function nflWeek1Start(seasonYear: number): string {
  const sept1 = new Date(Date.UTC(seasonYear, 8, 1));
  const daysToMonday = (8 - sept1.getUTCDay()) % 7;
  const laborDay = 1 + daysToMonday;
  return new Date(Date.UTC(seasonYear, 8, laborDay + 3)).toISOString().slice(0, 10);
}

/** The 7 New York days of an NFL week, start and end inclusive. */
export function nflWeekRange(seasonYear: number, week: number): { start: string; end: string; days: string[] } {
  if (!Number.isInteger(week) || week < 1 || week > NFL_MAX_WEEK) throw new RangeError(`Invalid NFL week ${week}`);
  const start = addDays(nflWeek1Start(seasonYear), 7 * (week - 1));
  const days = Array.from({ length: 7 }, (_, i) => addDays(start, i));
  return { start, end: days[6]!, days };
}
