import "server-only";
import { sql } from "drizzle-orm";
import { LOW_STOCK_THRESHOLD } from "@/domain/marketplace";
import { getDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { itemCodes, items } from "@/server/db/schema";

/** Items on sale with fewer than LOW_STOCK_THRESHOLD unused codes (the admin hub's "{n} items low on codes"). */
export async function countItemsLowOnCodes(): Promise<number> {
  const db = await getDb();
  const [row] = await selectRows(
    db,
    sql`select count(*)::int as count from ${items}
        where ${items.status} = 'available'
          and (select count(*) from ${itemCodes}
               where ${itemCodes.itemId} = ${items.id} and ${itemCodes.usedAt} is null) < ${LOW_STOCK_THRESHOLD}`,
    rowShape((r) => ({ count: r.int("count") })),
  );
  return Number(row?.count ?? 0);
}
