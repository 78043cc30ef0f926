// Pure grading rules (docs/PRODUCT.md §4, §5): what a graded prop pays each take,
// how a pack's winner is chosen, and how records read. The SQL in
// src/server/grading applies the same rules set-based; tests hold both to
// these functions.
import { takePoints, tokensCentsForPoints, type TakeResult } from "./points";

export const PROP_OUTCOMES = ["A", "B", "push", "void"] as const;
/** What an admin decides for a prop; `null` un-grades it. */
export type PropOutcome = (typeof PROP_OUTCOMES)[number];

export const GRADED_PROP_STATUSES = ["gradedA", "gradedB", "push", "void"] as const;
export type GradedPropStatus = (typeof GRADED_PROP_STATUSES)[number];
export type PropStatus = "open" | "closed" | GradedPropStatus;
export type Side = "A" | "B";

export function isGradedStatus(status: string): status is GradedPropStatus {
  return (GRADED_PROP_STATUSES as readonly string[]).includes(status);
}

export function statusForOutcome(outcome: PropOutcome): GradedPropStatus {
  switch (outcome) {
    case "A":
      return "gradedA";
    case "B":
      return "gradedB";
    default:
      return outcome;
  }
}

export function outcomeOfStatus(status: string): PropOutcome | null {
  switch (status) {
    case "gradedA":
      return "A";
    case "gradedB":
      return "B";
    case "push":
    case "void":
      return status;
    default:
      return null;
  }
}

/** A take's result under its prop's status: the picked side won or lost; push and void apply to every take. */
export function takeResultFor(status: string, side: Side): TakeResult {
  switch (status) {
    case "gradedA":
      return side === "A" ? "won" : "lost";
    case "gradedB":
      return side === "B" ? "won" : "lost";
    case "push":
      return "push";
    case "void":
      return "void";
    default:
      return "pending";
  }
}

export interface TakePayout {
  result: TakeResult;
  points: number;
  /** Exactly 5% of the points, in hundredths of a token. */
  tokensCents: number;
}

/** What one take earns when its prop has `status`: won → the locked value, lost → 0, push → 100, void → nothing. */
export function takePayout(status: string, side: Side, lockedValue: number): TakePayout {
  const result = takeResultFor(status, side);
  const points = takePoints(result, lockedValue);
  return { result, points, tokensCents: tokensCentsForPoints(points) };
}

export interface WinRecord {
  won: number;
  lost: number;
  pushed: number;
}

/** Won-lost-pushed of a set of take results; void and pending count in no record. */
export function recordOf(results: readonly TakeResult[]): WinRecord {
  const record = { won: 0, lost: 0, pushed: 0 };
  for (const result of results) {
    if (result === "won") record.won++;
    else if (result === "lost") record.lost++;
    else if (result === "push") record.pushed++;
  }
  return record;
}

/** "7-3-1" */
export function formatRecord(record: WinRecord): string {
  return `${record.won}-${record.lost}-${record.pushed}`;
}

/** "66.7%" (wins over decided takes) for stat tiles; "—" with nothing decided. */
export function formatWinPercent(won: number, lost: number): string {
  const decided = won + lost;
  if (decided === 0) return "—";
  return `${((won / decided) * 100).toFixed(1)}%`;
}

/**
 * The status a pack returns to when it stops being graded (a prop was
 * un-graded): what its clock says, as the pack-status job would set it.
 */
export function packStatusByClock(pack: { openTime: Date | null; closeTime: Date | null }, now: Date): "coming-soon" | "open" | "live" {
  if (pack.openTime && now < pack.openTime) return "coming-soon";
  if (pack.closeTime && now >= pack.closeTime) return "live";
  return "open";
}

/** The status an un-graded prop returns to: closed once its own or its pack's close time has passed. */
export function propStatusByClock(prop: { closeTime: Date | null }, pack: { closeTime: Date | null }, now: Date): "open" | "closed" {
  const closed = [prop.closeTime, pack.closeTime].some((time) => time !== null && now >= time);
  return closed ? "closed" : "open";
}
