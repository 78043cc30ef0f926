import "server-only";
import { eq, getTableColumns } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { itemCodes, items } from "@/server/db/schema";
import { codesLeft, codesUsed, toAdminItem, type AdminItem } from "./admin-item";
import { isItemId } from "./marketplace-item";

/** One item with its stock, or null. */
export async function findAdminItem({ itemId }: { itemId: string }): Promise<AdminItem | null> {
  if (!isItemId(itemId)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ item: getTableColumns(items), codesLeft, codesUsed })
    .from(items)
    .leftJoin(itemCodes, eq(itemCodes.itemId, items.id))
    .where(eq(items.id, itemId))
    .groupBy(items.id);
  return row ? toAdminItem(row.item, row.codesLeft, row.codesUsed) : null;
}
