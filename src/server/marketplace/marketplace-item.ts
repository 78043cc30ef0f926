import "server-only";
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { itemCodes, items } from "@/server/db/schema";
import { isId } from "@/domain/ids";
import type { MarketplaceItem } from "@/domain/schemas/marketplace";

/** An item as players see it, never its codes: its answer schema (src/domain/schemas/marketplace.ts). */
export type { MarketplaceItem } from "@/domain/schemas/marketplace";

/** The columns of an item that players see, for the marketplace list and the redeem page alike. */
export const marketplaceItemColumns = {
  id: items.id,
  name: items.name,
  tokens: items.tokens,
  brand: items.brand,
  description: items.description,
  imageUrl: items.imageUrl,
  featured: items.featured,
  requiresShipping: items.requiresShipping,
};

type MarketplaceItemColumns = Pick<typeof items.$inferSelect, keyof typeof marketplaceItemColumns>;

/** An item read with marketplaceItemColumns as players see it, with the picture it shows (a team's own, if any). */
export const toMarketplaceItem = (row: MarketplaceItemColumns, imageUrl: string | null): MarketplaceItem => ({
  itemID: row.id,
  itemName: row.name,
  itemTokens: row.tokens,
  brand: row.brand,
  description: row.description,
  imageUrl,
  featured: row.featured,
  requiresShipping: row.requiresShipping,
});

/** Item ids are uuids; anything else cannot name an item (and must not reach SQL as one). */
export function isItemId(value: string): boolean {
  return isId(value);
}

/** True while the item has at least one unused code: its stock. */
export const hasUnusedCode: SQL<boolean> = sql<boolean>`exists (select 1 from ${itemCodes} where ${and(
  eq(itemCodes.itemId, items.id),
  isNull(itemCodes.usedAt),
)})`;
