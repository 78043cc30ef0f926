import "server-only";
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { itemCodes, items } from "@/server/db/schema";
import { isId } from "@/domain/ids";

/** An item as players see it (docs/PRODUCT.md §13 "Marketplace item", plus what the cards show). Never its codes. */
export interface MarketplaceItem {
  itemID: string;
  itemName: string;
  itemTokens: number;
  brand: string | null;
  description: string | null;
  /** The per-team image in a team view, else the item's own image. */
  imageUrl: string | null;
  featured: boolean;
  requiresShipping: boolean;
}


/** Item ids are uuids; anything else cannot name an item (and must not reach SQL as one). */
export function isItemId(value: string): boolean {
  return isId(value);
}

/** True while the item has at least one unused code: its stock. */
export const hasUnusedCode: SQL<boolean> = sql<boolean>`exists (select 1 from ${itemCodes} where ${and(
  eq(itemCodes.itemId, items.id),
  isNull(itemCodes.usedAt),
)})`;
