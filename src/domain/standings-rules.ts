// The tie-break steps of league standings (docs/decisions/062-league-standings.md), without imports:
// the schema's check constraint (src/server/db/schema.ts) reads them as drizzle-kit loads it.

/**
 * The tie-break steps a commissioner can order after "Most points" (the same vocabulary as the pack
 * winner rule, src/domain/house-rules.ts PACK_WINNER_TIE_BREAK): props won, the earliest final
 * submission (the player's last change to their picks in the standings' packs), picks made.
 */
export const STANDINGS_TIE_BREAKS = ["won", "earliest", "most_picks", "fewest_picks"] as const;
export type StandingsTieBreak = (typeof STANDINGS_TIE_BREAKS)[number];
