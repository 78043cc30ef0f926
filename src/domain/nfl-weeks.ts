import { addDays, nyDay } from "./time";

export const NFL_MAX_WEEK = 22;
/** The last week of the regular season (ESPN's `seasontype=2`). */
export const NFL_REGULAR_SEASON_WEEKS = 18;

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

/**
 * The regular-season NFL week a commissioner most likely means on `today` (a New York day, default
 * now): the week of the coming Sunday (today's, on a Sunday), so from Monday on it is next week's
 * slate; week 1 of the coming season from March to the season's start; the last regular week after
 * it (January and February belong to the season that began the September before).
 */
export function currentNflWeek(today: string = nyDay(new Date())): { season: number; week: number } {
  const [year, month] = today.split("-").map(Number) as [number, number];
  const season = month >= 3 ? year : year - 1;
  const sunday = addDays(today, (7 - new Date(`${today}T12:00:00Z`).getUTCDay()) % 7);
  const days = Math.floor((Date.parse(`${sunday}T00:00:00Z`) - Date.parse(`${nflWeek1Start(season)}T00:00:00Z`)) / 86_400_000);
  const week = Math.floor(days / 7) + 1;
  return { season, week: Math.min(Math.max(week, 1), NFL_REGULAR_SEASON_WEEKS) };
}
