import "server-only";
import { z } from "zod";

// ESPN's NFL scoreboards carry the season calendar: season types (pre, regular,
// post, off) each with week entries bounded by instants. The boundaries are
// midnight Pacific ("2025-09-04T07:00Z" → "2025-09-11T06:59Z" is week 1), so we
// read each boundary's calendar day in Pacific time and use those days as the
// New York days of the week. MLB sends a list of date strings instead; it is
// accepted and ignored.

const ZValue = z.union([z.string(), z.number()]).transform((v) => Number(v));
const ZEntry = z.object({
  label: z.string().optional(),
  value: ZValue,
  startDate: z.string(),
  endDate: z.string(),
});

const ZEspnCalendar = z.array(
  z.union([
    z.string(),
    z.object({
      label: z.string().optional(),
      value: ZValue.optional(),
      entries: z.array(z.unknown()).optional(),
    }),
  ]),
);

export interface NflCalendarWeek {
  /** 1 preseason, 2 regular season, 3 postseason, 4 off season. */
  seasonType: number;
  week: number;
  label: string | null;
  /** New York days, inclusive. */
  start: string;
  end: string;
}

const pacificDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Los_Angeles",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

const DAY_MS = 86_400_000;
/** A calendar week longer than this is a data error (ESPN's 2025 week 17 ends in 2027). */
const MAX_WEEK_DAYS = 14;

/** Weeks of ESPN's calendar that look sane; malformed entries are dropped, not guessed. */
export function nflCalendarWeeks(raw: unknown): NflCalendarWeek[] {
  const calendar = ZEspnCalendar.safeParse(raw);
  if (!calendar.success) return [];
  const weeks: NflCalendarWeek[] = [];
  for (const seasonType of calendar.data) {
    if (typeof seasonType === "string" || seasonType.value === undefined || !Number.isInteger(seasonType.value)) continue;
    for (const raw of seasonType.entries ?? []) {
      const entry = ZEntry.safeParse(raw);
      if (!entry.success || !Number.isInteger(entry.data.value)) continue;
      const start = new Date(entry.data.startDate);
      const end = new Date(entry.data.endDate);
      if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) continue;
      const days = (end.getTime() - start.getTime()) / DAY_MS;
      if (days <= 0 || days > MAX_WEEK_DAYS) continue;
      weeks.push({
        seasonType: seasonType.value,
        week: entry.data.value,
        label: entry.data.label ?? null,
        start: pacificDay.format(start),
        end: pacificDay.format(end),
      });
    }
  }
  return weeks;
}
