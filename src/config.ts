/** Product constants shared by client and server. */
export const PRODUCT_NAME = "Takes";
export const TIME_ZONE = "America/New_York";
export const SUPPORTED_LEAGUES = ["nfl", "mlb"] as const;
export type League = (typeof SUPPORTED_LEAGUES)[number];
/** How each league is named on screens (one list: docs/ARCHITECTURE.md). */
export const LEAGUE_LABELS: Record<League, string> = { nfl: "NFL", mlb: "MLB" };
export const AI_MODELS = ["gpt-5-mini", "gpt-5", "gpt-4.1", "gpt-4o-mini"] as const;
