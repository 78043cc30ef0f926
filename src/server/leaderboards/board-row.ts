import "server-only";
import { AI_PLAYER_ID } from "@/domain/ai-player";
import type { RowReader } from "@/server/db/rows";

/**
 * A player's line on a board, as every board reads it from leaderboard_totals (the maintained
 * totals, docs/decisions/005-ledger-and-grading.md): the columns' one reader (docs/decisions/055-typed-row-edge.md)
 * and the row as the page shows it, marked when it is the viewer's own.
 */
export const boardTotalsFields = (r: RowReader) => ({
  profile_id: r.text("profile_id"),
  handle: r.text("handle"),
  points: r.int("points"),
  won: r.int("won"),
  lost: r.int("lost"),
  pushed: r.int("pushed"),
  takes: r.int("takes"),
});

export const boardLine = (row: ReturnType<typeof boardTotalsFields>, viewerProfileId: string | null) => ({
  handle: row.handle,
  points: row.points,
  won: row.won,
  lost: row.lost,
  pushed: row.pushed,
  takes: row.takes,
  isMe: row.profile_id === viewerProfileId,
  /**
   * The AI player's row carries an "AI" tag (docs/decisions/069-rivals-and-the-ai-player.md); a
   * person's row has no `isBot` at all, so the boards' answers are as they were for people.
   */
  ...(row.profile_id === AI_PLAYER_ID ? { isBot: true as const } : {}),
});
