/** Points a winning side is worth with no moneyline (even odds). */
export const EVEN_ODDS_VALUE = 250;
/** Every take on a pushed prop earns this. */
export const PUSH_POINTS = 100;

/**
 * Point value of a side from its American moneyline:
 * round(250 × (decimal odds − 1)); +150 → 375, −150 → 167, ±100 → 250.
 */
export function sideValue(moneyline: number | null | undefined): number {
  if (moneyline === null || moneyline === undefined) return EVEN_ODDS_VALUE;
  if (!Number.isInteger(moneyline) || Math.abs(moneyline) < 100) {
    throw new RangeError(`Invalid American moneyline: ${moneyline}`);
  }
  const profitPerUnit = moneyline > 0 ? moneyline / 100 : 100 / Math.abs(moneyline);
  return Math.round(EVEN_ODDS_VALUE * profitPerUnit);
}

export function isValidMoneyline(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && Math.abs(value) >= 100 && Math.abs(value) <= 100_000;
}

/** A take's result; takes.result is checked against the same list (src/server/db/schema.ts). */
export const TAKE_RESULTS = ["pending", "won", "lost", "push", "void"] as const;
export type TakeResult = (typeof TAKE_RESULTS)[number];

/** The two sides of a prop a take can pick. */
export const TAKE_SIDES = ["A", "B"] as const;

/** Points earned by one take once its prop is graded; the locked value is paid on a win. */
export function takePoints(result: TakeResult, lockedValue: number): number {
  switch (result) {
    case "won":
      return lockedValue;
    case "push":
      return PUSH_POINTS;
    default:
      return 0;
  }
}

/** Tokens are exactly 5% of points, kept in hundredths: 375 points → 1875 (18.75 tokens). */
export function tokensCentsForPoints(points: number): number {
  if (!Number.isInteger(points) || points < 0) throw new RangeError(`Invalid points: ${points}`);
  return points * 5;
}

/** "18.75", "5", "-12.5" → shown with up to two decimals, no trailing zeros. */
export function formatTokens(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const fraction = abs % 100;
  if (fraction === 0) return `${sign}${whole.toLocaleString("en-US")}`;
  const digits = fraction % 10 === 0 ? String(fraction / 10) : String(fraction).padStart(2, "0");
  return `${sign}${whole.toLocaleString("en-US")}.${digits}`;
}

/**
 * A balance as shown anywhere (header, marketplace, redeem page, profile): a
 * rounded integer, 0 when unknown or not finite (docs/PRODUCT.md §4,
 * the rounding rule). One rule everywhere, so no two screens
 * show a player two balances; whether an item is affordable is decided on the
 * exact cents (canRedeem), never on this figure.
 */
export function balanceDiamonds(balanceCents: number): number {
  return displayBalance(balanceCents / 100);
}

/** The header's balance (tokens as the API gives them): a rounded integer, 0 when unknown or not finite. */
export function displayBalance(tokens: unknown): number {
  return typeof tokens === "number" && Number.isFinite(tokens) ? Math.round(tokens) : 0;
}

export function centsToTokens(cents: number): number {
  return cents / 100;
}
