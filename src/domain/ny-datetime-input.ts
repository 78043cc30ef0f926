// `<input type="datetime-local">` holds a wall-clock time without a zone;
// admin forms read and write it as New York time (docs/SCREENS.md §3).
import { nyWallClock, nyWallTime } from "./time";

/** "2025-11-20T13:05" for an instant, in New York; "" without one. */
export function toNyDateTimeInput(instant: string | Date | null | undefined): string {
  if (!instant) return "";
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) return "";
  const { year, month, day, hour, minute } = nyWallClock(date);
  return `${year}-${month}-${day}T${hour}:${minute}`;
}

/** The instant (ISO) a New York "YYYY-MM-DDTHH:mm" (seconds, which some browsers add, ignored) names; null when empty or malformed. */
export function fromNyDateTimeInput(value: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d{1,3})?)?$/.exec(value.trim());
  if (!match) return null;
  return nyWallTime(match[1]!, Number(match[2]), Number(match[3])).toISOString();
}
