import { countdownParts, formatCountdown } from "@/domain/countdown";

/** The editable wording of a pack-open text, without its link: "{packTitle} is open; {timeLeft} left to make your takes". */
export function packOpenMessage({ title, closeTime, now }: { title: string; closeTime: Date | null; now: Date }): string {
  const left = closeTime ? formatCountdown(countdownParts(closeTime, now), { showSeconds: false }) : null;
  return left ? `${title} is open; ${left} left to make your takes` : `${title} is open! Make your takes`;
}

/** A pack-open text always ends with the pack's link: an admin's wording that already holds it is kept as it is. */
export function withPackLink(message: string, url: string): string {
  const trimmed = message.trim();
  return trimmed.includes(url) ? trimmed : `${trimmed} ${url}`;
}

/** "{packTitle} is open; {timeLeft} to make your takes {packUrl}" (the admin form's default pack-drop text). */
export function packOpenText({ title, url, closeTime, now }: { title: string; url: string; closeTime: Date | null; now: Date }): string {
  return withPackLink(packOpenMessage({ title, closeTime, now }), url);
}
