import { TIME_ZONE } from "@/config";

/**
 * A formatter made on first use: the first time-zone formatter loads the
 * browser's zone data (tens to hundreds of ms on a slow phone), which should
 * not happen while a chunk that merely imports this module is evaluated.
 */
function lazyFormatter(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let formatter: Intl.DateTimeFormat | undefined;
  return () => (formatter ??= new Intl.DateTimeFormat(locale, { timeZone: TIME_ZONE, ...options }));
}

const dayFormatter = lazyFormatter("en-CA", { year: "numeric", month: "2-digit", day: "2-digit" });

/** The New York calendar day of an instant, as YYYY-MM-DD. */
export function nyDay(instant: Date): string {
  return dayFormatter().format(instant);
}

/** Adds whole calendar days to a YYYY-MM-DD string. */
export function addDays(day: string, count: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + count));
  return date.toISOString().slice(0, 10);
}

const wallClockFormatter = lazyFormatter("en-CA", {
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** The New York wall clock at an instant, each part as two digits (the year as four): the offset below and the admin forms' date-time inputs read it. */
export function nyWallClock(instant: Date): Record<"year" | "month" | "day" | "hour" | "minute" | "second", string> {
  const parts = wallClockFormatter().formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "00";
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour"), minute: get("minute"), second: get("second") };
}

/** Offset of New York from UTC at an instant, in minutes (e.g. -240 in summer). */
function nyOffsetMinutes(instant: Date): number {
  const clock = nyWallClock(instant);
  const get = (type: keyof typeof clock) => Number(clock[type]);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return Math.round((asUtc - instant.getTime()) / 60_000);
}

/** The instant a New York wall-clock time happens ("2025-10-12", 13, 0 → 17:00Z). */
export function nyWallTime(day: string, hour = 0, minute = 0): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const guess = new Date(Date.UTC(y, m - 1, d, hour, minute));
  const first = new Date(guess.getTime() - nyOffsetMinutes(guess) * 60_000);
  return new Date(guess.getTime() - nyOffsetMinutes(first) * 60_000);
}

/** [start, end) instants of a New York calendar day. */
export function nyDayBounds(day: string): { start: Date; end: Date } {
  return { start: nyWallTime(day), end: nyWallTime(addDays(day, 1)) };
}

/** Accepts YYYY-MM-DD, YYYYMMDD or YYMMDD; null when not a real date. */
export function parseDayParam(value: string | null | undefined): string | null {
  if (!value) return null;
  const long = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(value);
  const short = /^(\d{2})(\d{2})(\d{2})$/.exec(value);
  const parts = long ? [long[1], long[2], long[3]] : short ? [`20${short[1]}`, short[2], short[3]] : null;
  if (!parts) return null;
  const day = parts.join("-");
  const check = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(check.getTime()) && check.toISOString().startsWith(day) ? day : null;
}

const fmt = (options: Intl.DateTimeFormatOptions) => lazyFormatter("en-US", options);
const longFmt = fmt({ weekday: "long", month: "long", day: "numeric", year: "numeric" });
const mediumFmt = fmt({ month: "short", day: "numeric", year: "numeric" });
const timeFmt = fmt({ hour: "numeric", minute: "2-digit" });
const shortDayFmt = fmt({ weekday: "short", month: "short", day: "numeric" });
const shortDayYearFmt = fmt({ weekday: "short", month: "short", day: "numeric", year: "numeric" });

/** "Monday, October 6, 2025" */
export const formatLongDate = (d: Date) => longFmt().format(d);
/** "Oct 6, 2025" */
export const formatMediumDate = (d: Date) => mediumFmt().format(d);
/** "7:00 PM ET" */
export const formatClock = (d: Date) => `${timeFmt().format(d)} ET`;
/** "Oct 6, 2025, 7:00 PM ET" */
export const formatDateTime = (d: Date) => `${mediumFmt().format(d)}, ${formatClock(d)}`;
/** "Sun, Oct 12 · 1:00 PM ET" */
export const formatShortDateTime = (d: Date) => `${shortDayFmt().format(d)} · ${formatClock(d)}`;
/** "Sun, Oct 12, 2025 · 1:00 PM ET": admin screens, where a season's lists span years (issue 24). */
export const formatAdminDateTime = (d: Date) => `${shortDayYearFmt().format(d)} · ${formatClock(d)}`;

/** "just now", "2 min ago", "3 h ago", "4 days ago": how long before `now` an instant was, for admin logs. */
export function formatAgo(instant: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - instant.getTime()) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? "day" : "days"} ago`;
}
