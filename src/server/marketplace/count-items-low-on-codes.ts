import "server-only";
import { sql } from "drizzle-orm";
import { LOW_STOCK_THRESHOLD } from "@/domain/marketplace";
import { getDb, queryRows } from "@/server/db/client";
import { itemCodes, items } from "@/server/db/schema";

/** Items on sale with fewer than LOW_STOCK_THRESHOLD unused codes (the admin hub's "{n} items low on codes"). */
export async function countItemsLowOnCodes(): Promise<number> {
  const db = await getDb();
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from ${items}
        where ${items.status} = 'available'
          and (select count(*) from ${itemCodes}
               where ${itemCodes.itemId} = ${items.id} and ${itemCodes.usedAt} is null) < ${LOW_STOCK_THRESHOLD}`,
  );
  return Number(row?.count ?? 0);
}
