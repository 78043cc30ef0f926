// The effective state of a pack and its props, derived from the stored status
// and the clock (docs/PRODUCT.md §2), so no job is needed to stop takes at close.

export type PackStatus = "draft" | "coming-soon" | "open" | "live" | "graded" | "archived";
export type PropStatus = "open" | "closed" | "gradedA" | "gradedB" | "push" | "void";

export interface PackClock {
  status: string;
  openTime: Date | null;
  closeTime: Date | null;
}

/** A pack accepts takes only if coming-soon|open, opened (when an open time is set) and before close. */
export function isAcceptingTakes(pack: PackClock, now: Date): boolean {
  if (pack.status !== "coming-soon" && pack.status !== "open") return false;
  if (pack.openTime && pack.openTime.getTime() > now.getTime()) return false;
  if (pack.closeTime && now.getTime() >= pack.closeTime.getTime()) return false;
  return true;
}

/** Waiting to open: announced as coming soon, or open with an open time still ahead. */
export function isComingSoon(pack: PackClock, now: Date): boolean {
  if (pack.status !== "coming-soon" && pack.status !== "open") return false;
  if (pack.closeTime && now.getTime() >= pack.closeTime.getTime()) return false;
  // Without an open time a coming-soon pack already accepts takes (docs/PRODUCT.md §2).
  return !!pack.openTime && pack.openTime.getTime() > now.getTime();
}

/**
 * Past its close: from here on everyone's takes on the pack are public and
 * each prop shows its crowd split (docs/PRODUCT.md §3).
 */
export function hasPackClosed(pack: PackClock, now: Date): boolean {
  if (pack.status === "live" || pack.status === "graded") return true;
  return !!pack.closeTime && now.getTime() >= pack.closeTime.getTime();
}

export interface PropClock {
  status: string;
  closeTime: Date | null;
}

/** A prop takes picks while its status is open and its own close time (if any) is ahead. */
export function isPropOpen(prop: PropClock, now: Date): boolean {
  return prop.status === "open" && (!prop.closeTime || now.getTime() < prop.closeTime.getTime());
}

/**
 * The status a prop shows and is decided by at `now`: a prop stored `open` reads `closed` from
 * the earlier of its own close time and its pack's, with no job and no button; every other stored
 * status (closed by hand, graded) reads as stored. Every screen that shows or filters a prop's
 * status asks this (or its SQL twin, src/server/authoring/prop-status-sql.ts), so the grading
 * queue, the props list, the grade page and the pack page agree at the same moment
 * (docs/decisions/065-status-follows-the-clock.md).
 */
export function propStatusAt<S extends string>(
  prop: { status: S; closeTime: Date | null },
  pack: { closeTime: Date | null },
  now: Date,
): S | "closed" {
  if (prop.status !== "open") return prop.status;
  const closes = [prop.closeTime, pack.closeTime].some((time) => time !== null && now.getTime() >= time.getTime());
  return closes ? "closed" : prop.status;
}

export type PackChip = "Active" | "Coming soon" | "Closed" | "Live" | "Pending Grade" | "Graded";

export interface PackChipInput extends PackClock {
  /** Start of the pack's first game, when it has events. */
  firstEventStart?: Date | null;
  /** Every linked game is final (or the pack has none and is past close). */
  allEventsFinal?: boolean;
}

const GAME_OVER = ["final", "postponed", "cancelled"];

/**
 * `allEventsFinal` of packStatusChip, one rule for every screen (decision 065): every game of the
 * pack is over (final, or will not be played: postponed, cancelled), or the pack has no game and
 * its close time has passed.
 */
export function allGamesOver(gameStatuses: readonly string[], pack: { closeTime: Date | null }, now: Date): boolean {
  if (gameStatuses.length === 0) return !!pack.closeTime && pack.closeTime.getTime() <= now.getTime();
  return gameStatuses.every((status) => GAME_OVER.includes(status));
}

/** The status chip of a pack card (docs/SCREENS.md §2.2). */
export function packStatusChip(pack: PackChipInput, now: Date): PackChip {
  if (pack.status === "graded") return "Graded";
  if (isAcceptingTakes(pack, now)) return "Active";
  if (isComingSoon(pack, now)) return "Coming soon";
  if (pack.status === "live") return pack.allEventsFinal ? "Pending Grade" : "Live";
  if (pack.allEventsFinal) return "Pending Grade";
  if (pack.firstEventStart && pack.firstEventStart.getTime() <= now.getTime()) return "Live";
  return "Closed";
}

/** Broad phase used by pages: picking, waiting to open, or read-only. */
export type PackPhase = "open" | "coming-soon" | "closed";

export function packPhase(pack: PackClock, now: Date): PackPhase {
  if (isAcceptingTakes(pack, now)) return "open";
  if (isComingSoon(pack, now)) return "coming-soon";
  return "closed";
}

/** The order of the "All" tab: open, coming soon, live and closed, graded. */
export function feedRank(chip: PackChip): number {
  switch (chip) {
    case "Active":
      return 0;
    case "Coming soon":
      return 1;
    case "Graded":
      return 3;
    default:
      return 2;
  }
}
