import "server-only";
import { sql } from "drizzle-orm";
import { AI_PLAYER_ID } from "@/domain/ai-player";
import { packOutcome, type PackVsAiScore } from "@/domain/rivals";
import { getReadDb, type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";

/**
 * A player's points against the AI player's on one graded pack both played ("You 1,250 · AI 980"),
 * and who won it by the rival rule (src/domain/rivals.ts); null before the pack is graded or when
 * either did not play it. Shown only on graded packs, so no pick is told before it locks.
 */
export async function getPackVsAi(options: { packURL: string; handle: string; db?: DbOrTx }): Promise<PackVsAiScore | null> {
  const db = options.db ?? (await getReadDb());
  const rows = await selectRows(
    db,
    sql`
      select (t.profile_id = ${AI_PLAYER_ID}::uuid) as is_ai, sum(t.points)::int as points
      from packs p
      join profiles me on lower(me.handle) = lower(${options.handle}) and me.id <> ${AI_PLAYER_ID}::uuid
      join takes t on t.pack_id = p.id and t.is_current and t.profile_id in (me.id, ${AI_PLAYER_ID}::uuid)
      where p.pack_url = ${options.packURL} and p.status = 'graded'
      group by t.profile_id
    `,
    rowShape((r) => ({ is_ai: r.bool("is_ai"), points: r.int("points") })),
  );
  const mine = rows.find((row) => !row.is_ai);
  const ai = rows.find((row) => row.is_ai);
  if (!mine || !ai) return null;
  return { points: mine.points, aiPoints: ai.points, outcome: packOutcome(mine.points, ai.points) };
}
