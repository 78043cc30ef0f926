import "server-only";
import { sql } from "drizzle-orm";
import { getReadDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { LOW_ON_CODES_BELOW } from "@/domain/marketplace";
import { packReadyToGradeSql } from "@/server/grading/list-packs-to-grade";
import { PACK_WITHOUT_WINNERS } from "@/server/grading/list-packs-missing-winners";

export interface AttentionCounts {
  /** Packs "Grade Packs" lists: closed, games over, props still ungraded (its very predicate). */
  packsToGrade: number;
  /** Graded packs whose winner has not been set. */
  packsWithoutWinners: number;
  /** Available items with fewer than LOW_ON_CODES_BELOW unused codes: those "Add Inventory Codes" marks low. */
  itemsLowOnCodes: number;
}

/**
 * The /admin hub's "Needs attention" counts, in one round trip, each by the predicate of the list
 * its button opens, so a count is what the dialog shows (issue 41 item 7).
 */
export async function countAttention(input: { now?: Date } = {}): Promise<AttentionCounts> {
  const now = input.now ?? new Date();
  const db = await getReadDb();
  const [row] = await selectRows(
    db,
    sql`select
      (select count(*)::int from packs p where ${packReadyToGradeSql(now)}) as "packsToGrade",
      (select count(*)::int from packs p where ${PACK_WITHOUT_WINNERS}) as "packsWithoutWinners",
      (select count(*)::int from items i
        where i.status = 'available'
          and (select count(*) from item_codes c where c.item_id = i.id and c.used_at is null) < ${LOW_ON_CODES_BELOW}) as "itemsLowOnCodes"`,
    attentionRow,
  );
  return row ?? { packsToGrade: 0, packsWithoutWinners: 0, itemsLowOnCodes: 0 };
}

const attentionRow = rowShape((r): AttentionCounts => ({
  packsToGrade: r.int("packsToGrade"),
  packsWithoutWinners: r.int("packsWithoutWinners"),
  itemsLowOnCodes: r.int("itemsLowOnCodes"),
}));
