// `<input type="datetime-local">` holds a wall-clock time without a zone;
// admin forms read and write it as New York time (docs/SCREENS.md §3).
import { TIME_ZONE } from "@/config";
import { nyWallTime } from "./time";

const parts = new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** "2025-11-20T13:05" for an instant, in New York; "" without one. */
export function toNyDateTimeInput(instant: string | Date | null | undefined): string {
  if (!instant) return "";
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) return "";
  const get = (type: string) => parts.formatToParts(date).find((p) => p.type === type)?.value ?? "00";
  return `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}`;
}

/** The instant (ISO) a New York "YYYY-MM-DDTHH:mm" (seconds, which some browsers add, ignored) names; null when empty or malformed. */
export function fromNyDateTimeInput(value: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d{1,3})?)?$/.exec(value.trim());
  if (!match) return null;
  return nyWallTime(match[1]!, Number(match[2]), Number(match[3])).toISOString();
}
