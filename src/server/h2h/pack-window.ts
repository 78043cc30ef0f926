import "server-only";

/**
 * Challenges are made and answered only while a pack can still take picks:
 * once it closes, every pick is public (docs/PRODUCT.md §3), and a challenge made
 * or accepted then would be a bet on a known result.
 */
export function isPackOpenForChallenges(pack: { status: string; closeTime: Date | null }, now: Date): boolean {
  if (pack.status !== "coming-soon" && pack.status !== "open") return false;
  return pack.closeTime === null || now < pack.closeTime;
}

/** Both players' takes are shown once the pack has closed (or gone live, or been graded). */
export function isPackClosedForTakes(pack: { status: string; closeTime: Date | null }, now: Date): boolean {
  if (pack.status === "live" || pack.status === "graded" || pack.status === "archived") return true;
  return pack.closeTime !== null && now >= pack.closeTime;
}
