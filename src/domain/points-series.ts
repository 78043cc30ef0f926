import { addDays } from "./time";

export interface DailyPoints {
  /** New York day, YYYY-MM-DD. */
  day: string;
  points: number;
}

/**
 * Cumulative points for each of the `days` New York days ending on `endDay`
 * (the profile's "Points over time"): the total before the window, plus each
 * day's graded points, carried over days without any.
 */
export function cumulativePointsSeries(options: {
  daily: readonly DailyPoints[];
  endDay: string;
  days: number;
}): Array<{ day: string; total: number }> {
  const startDay = addDays(options.endDay, -(options.days - 1));
  const byDay = new Map<string, number>();
  let total = 0;
  for (const entry of options.daily) {
    if (entry.day < startDay) total += entry.points;
    else byDay.set(entry.day, (byDay.get(entry.day) ?? 0) + entry.points);
  }
  return Array.from({ length: options.days }, (_, index) => {
    const day = addDays(startDay, index);
    total += byDay.get(day) ?? 0;
    return { day, total };
  });
}
