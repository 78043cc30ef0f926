// Line history and the closing price (docs/PRODUCT.md, "Every price on the record";
// docs/decisions/056-price-history.md). Pure: the server loads the rows, this decides.
import { sideValue } from "./points";

/** What set a price on a prop's line history (prop_prices.source). */
export const PRICE_SOURCES = ["authoring", "copy", "slate", "odds_refresh"] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

export const PRICE_SOURCE_LABELS: Record<PriceSource, string> = {
  authoring: "Set by hand",
  copy: "Copied",
  slate: "Slate (ESPN)",
  odds_refresh: "Odds refresh (ESPN)",
};

/** Prices read per prop for a take or a chart: newest first, at most this many (docs/decisions/056-price-history.md). */
export const PRICE_HISTORY_LIMIT = 100;

/** One price a prop has had: both sides' American moneylines (null: even, no price) from `recordedAt` on. */
export interface PricePoint {
  sideAMoneyline: number | null;
  sideBMoneyline: number | null;
  recordedAt: Date;
}

export type Side = "A" | "B";

export const moneylineOf = (price: Pick<PricePoint, "sideAMoneyline" | "sideBMoneyline">, side: Side) =>
  side === "A" ? price.sideAMoneyline : price.sideBMoneyline;

/** "+135", "−155" (a true minus sign), "Even" when the side has no moneyline. */
export function formatMoneyline(moneyline: number | null): string {
  if (moneyline === null) return "Even";
  return moneyline > 0 ? `+${moneyline}` : `\u2212${Math.abs(moneyline)}`;
}

/**
 * When a prop locks by the clock: the earlier of its own close time and its pack's
 * (src/domain/grading.ts propStatusByClock closes it then). Null when neither is set.
 */
export function lockTime(prop: { closeTime: Date | null }, pack: { closeTime: Date | null }): Date | null {
  const times = [prop.closeTime, pack.closeTime].filter((t): t is Date => t !== null);
  if (times.length === 0) return null;
  return new Date(Math.min(...times.map((t) => t.getTime())));
}

/** A prop has locked once it is no longer open (closed by hand, or graded) or its lock time has come. */
export function hasLocked(prop: { status: string; closeTime: Date | null }, pack: { closeTime: Date | null }, now: Date): boolean {
  const at = lockTime(prop, pack);
  return prop.status !== "open" || (at !== null && now.getTime() >= at.getTime());
}

/** Oldest first: by time, then the order they were written in. */
const byTime = <T extends PricePoint>(history: readonly T[]) =>
  [...history].sort((a, b) => a.recordedAt.getTime() - b.recordedAt.getTime());

/**
 * The closing price (docs/PRODUCT.md): the last price on the line history recorded at or
 * before the lock time. A prop that locked without reaching its lock time (closed by hand,
 * or with no close time at all) closes on its last recorded price. With no recorded
 * price before the lock (a prop older than the line history), its current price stands.
 * Null while the prop has not locked.
 */
export function closingPrice(input: {
  prop: { status: string; closeTime: Date | null; sideAMoneyline: number | null; sideBMoneyline: number | null };
  pack: { closeTime: Date | null };
  history: readonly PricePoint[];
  now: Date;
}): Pick<PricePoint, "sideAMoneyline" | "sideBMoneyline"> | null {
  const { prop, pack, now } = input;
  if (!hasLocked(prop, pack, now)) return null;
  const at = lockTime(prop, pack);
  const cutoff = at !== null && at.getTime() <= now.getTime() ? at.getTime() : Infinity;
  const before = byTime(input.history).filter((p) => p.recordedAt.getTime() <= cutoff);
  const last = before.at(-1);
  return last
    ? { sideAMoneyline: last.sideAMoneyline, sideBMoneyline: last.sideBMoneyline }
    : { sideAMoneyline: prop.sideAMoneyline, sideBMoneyline: prop.sideBMoneyline };
}

/**
 * The moneyline a take locked: the price on the history whose value for the take's side is
 * the value it locked, the latest recorded at or before the take (else the first after it,
 * for a take that waited on a price change being written). Null when no price matches.
 */
export function lockedMoneyline(take: { side: Side; lockedValue: number; createdAt: Date }, history: readonly PricePoint[]) {
  const matching = byTime(history).filter((p) => sideValue(moneylineOf(p, take.side)) === take.lockedValue);
  const before = matching.filter((p) => p.recordedAt.getTime() <= take.createdAt.getTime()).at(-1);
  const price = before ?? matching[0];
  return price ? { moneyline: moneylineOf(price, take.side) } : null;
}

export interface TakePrices {
  /** Points the take locked and the moneyline they came from (null moneyline: even; `lockedMoneyline` null: not on record). */
  locked: { value: number; moneyline: number | null; known: boolean };
  /** The side's price now, while the prop is open. */
  now: { value: number; moneyline: number | null } | null;
  /** The side's closing price, once the prop has locked. */
  closing: { value: number; moneyline: number | null } | null;
  /** The locked value is above the side's closing value (compared in points, exactly). */
  beatTheClose: boolean;
}

/** A made take's prices: what it locked, the price now while open, the close once locked. */
export function takePrices(input: {
  take: { side: Side; lockedValue: number; createdAt: Date };
  prop: { status: string; closeTime: Date | null; sideAMoneyline: number | null; sideBMoneyline: number | null };
  pack: { closeTime: Date | null };
  history: readonly PricePoint[];
  now: Date;
}): TakePrices {
  const { take, prop } = input;
  const locked = lockedMoneyline(take, input.history);
  const close = closingPrice(input);
  const current = moneylineOf(prop, take.side);
  const closing = close ? { moneyline: moneylineOf(close, take.side), value: sideValue(moneylineOf(close, take.side)) } : null;
  return {
    locked: { value: take.lockedValue, moneyline: locked?.moneyline ?? null, known: locked !== null },
    now: close ? null : { moneyline: current, value: sideValue(current) },
    closing,
    beatTheClose: closing !== null && take.lockedValue > closing.value,
  };
}

/** One side's line on the chart: its points value at each price, oldest first. */
export interface PriceChart {
  /** "M0,12 L40,30 …" per side, in a 0..width × 0..height box. */
  paths: { A: string; B: string };
  width: number;
  height: number;
  /** The text alternative: how each side's price moved since open. */
  summary: string;
}

/**
 * A small line chart of a prop's prices (both sides' point values, oldest first), drawn as
 * SVG path data on the server; null with fewer than two prices. The summary says it in words:
 * "Eagles price moved from −150 to −120 since open; Giants from +130 to +110."
 */
export function priceChart(
  history: readonly PricePoint[],
  labels: { A: string; B: string },
  size: { width: number; height: number } = { width: 120, height: 36 },
): PriceChart | null {
  const points = byTime(history);
  if (points.length < 2) return null;
  const values = points.flatMap((p) => [sideValue(p.sideAMoneyline), sideValue(p.sideBMoneyline)]);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const pad = 2;
  const y = (value: number) => (max === min ? size.height / 2 : pad + ((max - value) / (max - min)) * (size.height - 2 * pad));
  const x = (index: number) => pad + (index / (points.length - 1)) * (size.width - 2 * pad);
  const path = (side: Side) =>
    points.map((p, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(sideValue(moneylineOf(p, side))).toFixed(1)}`).join(" ");
  const moved = (side: Side, label: string) => {
    const from = formatMoneyline(moneylineOf(points[0]!, side));
    const to = formatMoneyline(moneylineOf(points.at(-1)!, side));
    return from === to ? `${label} price held at ${from} since open` : `${label} price moved from ${from} to ${to} since open`;
  };
  return {
    paths: { A: path("A"), B: path("B") },
    width: size.width,
    height: size.height,
    summary: `${moved("A", labels.A)}; ${moved("B", labels.B)}.`,
  };
}

/**
 * Where a prop's price comes from on ESPN (src/server/authoring/make-slate.ts): a "who wins"
 * prop on a game prices its sides from the game's moneylines, the home side from the home
 * moneyline. Anything else has no ESPN source; `reason` says why, for the admin's button.
 */
export function espnOddsSource(prop: {
  eventId: string | null;
  gradingRule: string | null;
  gradingParams: unknown;
}): { eventId: string; homeSide: Side } | { reason: string } {
  if (!prop.eventId) return { reason: "This prop has no game, so ESPN has no odds for it." };
  const homeSide = (prop.gradingParams as { homeSide?: unknown } | null)?.homeSide;
  if (prop.gradingRule !== "who_wins" || (homeSide !== "A" && homeSide !== "B")) {
    return { reason: "Only a \u201cwho wins\u201d prop is priced from ESPN's moneylines; set this one's prices by hand." };
  }
  return { eventId: prop.eventId, homeSide };
}
