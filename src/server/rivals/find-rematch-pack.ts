import "server-only";
import { sql } from "drizzle-orm";
import type { RematchPack } from "@/domain/rivals";
import type { DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";

/**
 * The next pack two players can still go head-to-head on: open or coming soon and not closed
 * (the window createChallenge enforces, src/server/h2h/pack-window.ts), with no challenge between
 * the two on it yet, closing soonest first; null when there is none. One indexed probe per
 * candidate pack (h2h_once_per_pair_per_pack), over the few packs not yet closed.
 */
export async function findRematchPack(
  db: DbOrTx,
  options: { viewerId: string; opponentId: string; now?: Date },
): Promise<RematchPack | null> {
  const now = (options.now ?? new Date()).toISOString();
  const [row] = await selectRows(
    db,
    sql`
      select p.pack_url, p.title
      from packs p
      where p.status in ('coming-soon', 'open') and (p.close_time is null or p.close_time > ${now}::timestamptz)
        and not exists (
          select 1 from h2h_challenges c
          where c.pack_id = p.id
            and least(c.challenger_profile_id, c.challenged_profile_id) = least(${options.viewerId}::uuid, ${options.opponentId}::uuid)
            and greatest(c.challenger_profile_id, c.challenged_profile_id) = greatest(${options.viewerId}::uuid, ${options.opponentId}::uuid))
      order by p.close_time asc nulls last, p.created_at desc
      limit 1
    `,
    rowShape((r) => ({ pack_url: r.text("pack_url"), title: r.text("title") })),
  );
  return row ? { packURL: row.pack_url, title: row.title } : null;
}
