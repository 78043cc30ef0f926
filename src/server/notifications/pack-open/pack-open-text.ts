import { countdownParts, formatCountdown } from "@/domain/countdown";

/** "{packTitle} is open; {timeLeft} to make your takes {packUrl}" (the admin form's default pack-drop text). */
export function packOpenText({ title, url, closeTime, now }: { title: string; url: string; closeTime: Date | null; now: Date }): string {
  const left = closeTime ? formatCountdown(countdownParts(closeTime, now), { showSeconds: false }) : null;
  return left ? `${title} is open; ${left} left to make your takes ${url}` : `${title} is open! Make your takes ${url}`;
}
