/** Product constants shared by client and server. */
export const PRODUCT_NAME = "Takes";
export const TIME_ZONE = "America/New_York";
export const SUPPORTED_LEAGUES = ["nfl", "mlb"] as const;
export type League = (typeof SUPPORTED_LEAGUES)[number];
/** How each league is named on screens (one list: docs/ARCHITECTURE.md). */
export const LEAGUE_LABELS: Record<League, string> = { nfl: "NFL", mlb: "MLB" };
/** Whether a value (a query parameter, a stored text) is one of the leagues we support. */
export function isLeague(value: unknown): value is League {
  return (SUPPORTED_LEAGUES as readonly unknown[]).includes(value);
}
export const AI_MODELS = ["gpt-5-mini", "gpt-5", "gpt-4.1", "gpt-4o-mini"] as const;
