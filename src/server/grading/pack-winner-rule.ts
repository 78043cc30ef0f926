import "server-only";
import { AI_PLAYER_ID } from "@/domain/ai-player";
import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";

/**
 * The one statement of the pack winner rule (docs/PRODUCT.md §5): among the
 * players of a graded pack, most points, then more props won, then the
 * earlier final submission (their latest receipt), then profile id. Each pack
 * of `packFilter` (a condition on `t.pack_id`) gives one row: `pack_id`,
 * `profile_id`, `points`. A pack nobody played gives none. The AI player is never a winner:
 * prizes are for people (docs/decisions/069-rivals-and-the-ai-player.md). `takesSource`
 * replaces the takes table (the re-grade preview passes the takes as the
 * proposed grades would score them); it needs `pack_id`, `profile_id`,
 * `is_current`, `points` and `result`.
 *
 * Grading (set-pack-winners.ts), the demo seed and the season loader all
 * select winners through this, so the rule is written once
 * (docs/decisions/036-one-truth-for-schema-and-rules.md).
 */
export function packWinnersSql(packFilter: SQL, takesSource: SQL = sql`takes`): SQL {
  return sql`
    select distinct on (t.pack_id) t.pack_id, t.profile_id, sum(t.points)::int as points
    from ${takesSource} t
    where t.is_current and ${packFilter} and t.profile_id <> ${AI_PLAYER_ID}::uuid
    group by t.pack_id, t.profile_id
    order by t.pack_id,
             sum(t.points) desc,
             count(*) filter (where t.result = 'won') desc,
             (select max(r.created_at) from receipts r where r.pack_id = t.pack_id and r.profile_id = t.profile_id) asc nulls last,
             t.profile_id asc`;
}

/**
 * A pack's winner as it stands, for the before side of a re-grade (applied or previewed): the
 * stored winner's handle (null when none is set) and points.
 */
export async function standingWinner(
  db: DbOrTx,
  pack: { winnerProfileId: string | null; winnerPoints: number | null },
): Promise<{ handle: string | null; points: number | null }> {
  const [old] = pack.winnerProfileId
    ? await selectRows(
        db,
        sql`select handle from profiles where id = ${pack.winnerProfileId}`,
        rowShape((r) => ({ handle: r.text("handle") })),
      )
    : [];
  return { handle: pack.winnerProfileId ? (old?.handle ?? null) : null, points: pack.winnerPoints };
}

/**
 * The winner the rule picks for one pack as its takes stand now, with the handle to show (null when
 * the profile has none); undefined when nobody played it. Setting winners (set-pack-winners.ts) and
 * re-running them after a re-grade (grade-prop.ts) both read it here.
 */
export async function currentPackWinner(
  db: DbOrTx,
  packId: string,
): Promise<{ profile_id: string; points: number; handle: string | null } | undefined> {
  const [winner] = await selectRows(
    db,
    sql`select w.profile_id, w.points, pr.handle from (${packWinnersSql(sql`t.pack_id = ${packId}`)}) w left join profiles pr on pr.id = w.profile_id`,
    rowShape((r) => ({ profile_id: r.text("profile_id"), points: r.int("points"), handle: r.textOrNull("handle") })),
  );
  return winner;
}
