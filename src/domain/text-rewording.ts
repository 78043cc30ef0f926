import { countdownParts, formatCountdown } from "./countdown";

/**
 * A held text's time left, said again for when it will go out (docs/decisions/072-reminders-and-quiet-hours.md,
 * "2026-11-30: held again at send time"). A pack opening or reminder claimed in quiet hours waits for
 * 8 am; its words were written for the moment it was queued, so the part that counts down is
 * rewritten for the morning. Only the product's own wordings are touched: an admin's own opening
 * text that says no time left is sent as written.
 */

/** "1 hour", "30 minutes", "2 hours 15 minutes": the time from `at` to `close`, to the nearest 5 minutes (at least 5). */
export function timeLeftWords(close: Date, at: Date): string {
  const minutes = Math.max(5, Math.round((close.getTime() - at.getTime()) / 300_000) * 5);
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return unit(rest, "minute");
  return rest === 0 ? unit(hours, "hour") : `${unit(hours, "hour")} ${unit(rest, "minute")}`;
}

const OPENING_COUNTDOWN = / is open; (?:\d+d )?\d+h \d+m left to make your takes/;
const REMINDER_COUNTDOWN = / closes in \d+ (?:hours?|minutes?)(?: \d+ minutes?)?: you have /;

/** The text's body with its time left said from `sendAt`; the body unchanged when it says none. */
export function rewordForSendTime(kind: string, body: string, close: Date | null, sendAt: Date): string {
  if (!close) return body;
  if (kind === "pack_open") {
    const left = formatCountdown(countdownParts(close, sendAt), { showSeconds: false });
    return left ? body.replace(OPENING_COUNTDOWN, ` is open; ${left} left to make your takes`) : body;
  }
  if (kind === "pack_reminder") return body.replace(REMINDER_COUNTDOWN, ` closes in ${timeLeftWords(close, sendAt)}: you have `);
  return body;
}
