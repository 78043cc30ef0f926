import "server-only";
import { sql } from "drizzle-orm";
import { getReadDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";

/** Items with fewer unused codes than this count as low on inventory. */
export const LOW_CODES_THRESHOLD = 5;

export interface AttentionCounts {
  /** Packs past their close time (or whose games have started) with props still ungraded. */
  packsToGrade: number;
  /** Graded packs whose winner has not been set. */
  packsWithoutWinners: number;
  /** Available items with fewer than LOW_CODES_THRESHOLD unused codes. */
  itemsLowOnCodes: number;
}

/** The /admin hub's "Needs attention" counts, in one round trip. */
export async function countAttention(input: { now?: Date } = {}): Promise<AttentionCounts> {
  const now = input.now ?? new Date();
  const db = await getReadDb();
  const [row] = await selectRows(
    db,
    sql`select
      (select count(*)::int from packs p
        where p.status in ('open', 'live', 'coming-soon')
          and exists (select 1 from props pr where pr.pack_id = p.id and pr.status in ('open', 'closed'))
          and (p.close_time <= ${now}
            or exists (select 1 from pack_events pe join events e on e.id = pe.event_id
                       where pe.pack_id = p.id and e.start_time <= ${now}))) as "packsToGrade",
      (select count(*)::int from packs p where p.status = 'graded' and p.winners_set_at is null) as "packsWithoutWinners",
      (select count(*)::int from items i
        where i.status = 'available'
          and (select count(*) from item_codes c where c.item_id = i.id and c.used_at is null) < ${LOW_CODES_THRESHOLD}) as "itemsLowOnCodes"`,
    attentionRow,
  );
  return row ?? { packsToGrade: 0, packsWithoutWinners: 0, itemsLowOnCodes: 0 };
}

const attentionRow = rowShape((r): AttentionCounts => ({
  packsToGrade: r.int("packsToGrade"),
  packsWithoutWinners: r.int("packsWithoutWinners"),
  itemsLowOnCodes: r.int("itemsLowOnCodes"),
}));
