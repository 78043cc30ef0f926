import "server-only";
import { sql } from "drizzle-orm";
import { EMPTY_RECORD, type RivalRecord } from "@/domain/rivals";
import type { DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { uuidList } from "@/server/db/uuid-list";

/** The most opponents one call counts: a page of a group or of rivals, never a whole table. */
export const RECORDS_PER_CALL = 100;

/**
 * The viewer's lifetime record against each of `opponentIds` (at most 100), computed on read from
 * takes and challenges, so a re-grade or an un-grade is reflected at once and there is nothing to
 * keep in step (docs/decisions/069-rivals-and-the-ai-player.md):
 * - packs: every graded pack both played (current takes), more points on it wins, equal ties;
 * - h2h: settled challenges between the two, by their stored outcome (decision 091).
 * Bounded by the viewer's graded packs and the ids given; the takes are read through
 * takes_pack_profile_idx, the challenges through the two h2h profile indexes.
 */
export async function recordsAgainst(db: DbOrTx, viewerId: string, opponentIds: readonly string[]): Promise<Map<string, RivalRecord>> {
  const ids = [...new Set(opponentIds)].filter((id) => id !== viewerId).slice(0, RECORDS_PER_CALL);
  const records = new Map<string, RivalRecord>(ids.map((id) => [id, { packs: { ...EMPTY_RECORD }, h2h: { ...EMPTY_RECORD } }]));
  if (ids.length === 0) return records;
  const rows = await selectRows(
    db,
    sql`
      with mine as (
        select t.pack_id, sum(t.points)::int as points
        from takes t join packs p on p.id = t.pack_id and p.status = 'graded'
        where t.profile_id = ${viewerId} and t.is_current
        group by t.pack_id
      ),
      theirs as (
        select t.profile_id, t.pack_id, sum(t.points)::int as points
        from takes t join mine m on m.pack_id = t.pack_id
        where t.profile_id in (${uuidList(ids)}) and t.is_current
        group by t.profile_id, t.pack_id
      ),
      by_pack as (
        select th.profile_id,
               count(*) filter (where m.points > th.points)::int as won,
               count(*) filter (where m.points < th.points)::int as lost,
               count(*) filter (where m.points = th.points)::int as tied
        from theirs th join mine m on m.pack_id = th.pack_id
        group by th.profile_id
      ),
      settled as (
        select case when c.challenger_profile_id = ${viewerId} then c.challenged_profile_id else c.challenger_profile_id end as profile_id,
               c.outcome, c.winner_profile_id
        from h2h_challenges c
        where c.status = 'settled'
          and ((c.challenger_profile_id = ${viewerId} and c.challenged_profile_id in (${uuidList(ids)}))
            or (c.challenged_profile_id = ${viewerId} and c.challenger_profile_id in (${uuidList(ids)})))
      ),
      by_h2h as (
        select s.profile_id,
               count(*) filter (where s.winner_profile_id = ${viewerId})::int as won,
               count(*) filter (where s.winner_profile_id = s.profile_id)::int as lost,
               count(*) filter (where s.outcome = 'tie')::int as tied
        from settled s
        group by s.profile_id
      )
      select 'packs' as kind, profile_id, won, lost, tied from by_pack
      union all
      select 'h2h' as kind, profile_id, won, lost, tied from by_h2h
    `,
    rowShape((r) => ({
      kind: r.text("kind"),
      profile_id: r.text("profile_id"),
      won: r.int("won"),
      lost: r.int("lost"),
      tied: r.int("tied"),
    })),
  );
  for (const row of rows) {
    const record = records.get(row.profile_id);
    if (!record) continue;
    record[row.kind === "h2h" ? "h2h" : "packs"] = { won: row.won, lost: row.lost, tied: row.tied };
  }
  return records;
}
