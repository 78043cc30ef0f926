import "server-only";
import { addDays, nyWallTime } from "@/domain/time";

// The demo clock: every date in the demo world is placed relative to `now` in New York time.
// Part of the demo seed (src/server/db/seed.ts, docs/TESTING.md).

export interface Clock {
  now: Date;
  /** The New York calendar day of `now`. */
  today: string;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A New York wall-clock time `dayOffset` days from today. */
export const dayAt = (clock: Clock, dayOffset: number, hour: number, minute = 0) =>
  nyWallTime(addDays(clock.today, dayOffset), hour, minute);

export const roundToFiveMinutes = (ms: number, round: "up" | "down") =>
  new Date((round === "up" ? Math.ceil : Math.floor)(ms / (5 * MINUTE)) * 5 * MINUTE);

/**
 * Tonight's usual start time, unless that is less than an hour away (a seed
 * run late in the day): then three hours from now, so the game is still ahead.
 */
export function laterToday(clock: Clock, hour: number, minute: number): Date {
  const usual = dayAt(clock, 0, hour, minute);
  return usual.getTime() - clock.now.getTime() >= HOUR ? usual : roundToFiveMinutes(clock.now.getTime() + 3 * HOUR, "up");
}

/** The NFL season a day belongs to: January and February games close the previous year's season. */
export function nflSeasonYear(day: string): number {
  const [year, month] = day.split("-").map(Number) as [number, number];
  return month <= 2 ? year - 1 : year;
}
