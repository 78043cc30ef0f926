import { nyWallTime } from "@/domain/time";
import { TIME_ZONE } from "@/config";

// Admin date-time inputs are read and written as New York wall-clock times
// (docs/SCREENS.md §3), whatever the admin's own time zone is.

const parts = new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** An instant as the value of a `datetime-local` input in ET ("2025-09-04T20:20"); "" for none. */
export function toEtInputValue(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const p = Object.fromEntries(parts.formatToParts(date).map((part) => [part.type, part.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** A `datetime-local` value read as ET → ISO instant; null when empty or invalid. */
export function fromEtInputValue(value: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  return nyWallTime(match[1]!, Number(match[2]), Number(match[3])).toISOString();
}
