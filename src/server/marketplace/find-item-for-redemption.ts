import "server-only";
import { eq, ne, and } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { items } from "@/server/db/schema";
import { hasUnusedCode, isItemId, marketplaceItemColumns, toMarketplaceItem, type MarketplaceItem } from "./marketplace-item";

export interface RedemptionItem extends MarketplaceItem {
  /** False when the item is marked sold out or has no unused code left. */
  inStock: boolean;
}

/** The item named by `/redeem?itemID=`, or null when there is none a player may see (hidden items included). */
export async function findItemForRedemption({ itemId }: { itemId: string }): Promise<RedemptionItem | null> {
  if (!isItemId(itemId)) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      ...marketplaceItemColumns,
      status: items.status,
      hasCode: hasUnusedCode,
    })
    .from(items)
    .where(and(eq(items.id, itemId), ne(items.status, "hidden")))
    .limit(1);
  if (!row) return null;
  return {
    ...toMarketplaceItem(row, row.imageUrl),
    inStock: row.status === "available" && row.hasCode === true,
  };
}
