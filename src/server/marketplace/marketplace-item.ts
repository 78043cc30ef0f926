import "server-only";
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { itemCodes, items } from "@/server/db/schema";
import { isId } from "@/domain/ids";

/** An item as players see it, never its codes: its answer schema (src/domain/schemas/marketplace.ts). */
export type { MarketplaceItem } from "@/domain/schemas/marketplace";

/** Item ids are uuids; anything else cannot name an item (and must not reach SQL as one). */
export function isItemId(value: string): boolean {
  return isId(value);
}

/** True while the item has at least one unused code: its stock. */
export const hasUnusedCode: SQL<boolean> = sql<boolean>`exists (select 1 from ${itemCodes} where ${and(
  eq(itemCodes.itemId, items.id),
  isNull(itemCodes.usedAt),
)})`;
