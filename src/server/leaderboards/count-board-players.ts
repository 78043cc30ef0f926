import "server-only";
import { sql } from "drizzle-orm";
import { getReadDb, type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";

/**
 * Players on a leaderboard scope (a pack's: everyone who has played it), from the score histogram's
 * few rows (leaderboard_score_counts), never a count of every player's row.
 */
export async function countBoardPlayers(scope: string, db?: DbOrTx): Promise<number> {
  const [row] = await selectRows(
    db ?? (await getReadDb()),
    sql`select coalesce(sum(profiles), 0)::int as n from leaderboard_score_counts where scope = ${scope}`,
    rowShape((r) => ({ n: r.int("n") })),
  );
  return Number(row?.n ?? 0);
}
