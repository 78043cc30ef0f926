import "server-only";
import { sql } from "drizzle-orm";
import type { ItemStatus } from "@/domain/marketplace";
import type { AdminItem } from "@/domain/schemas/marketplace";
import { itemCodes, items } from "@/server/db/schema";

/** An item as the admin lists and edits it: its answer schema (src/domain/schemas/marketplace.ts). */
export type { AdminItem };

type ItemRow = typeof items.$inferSelect;

export function toAdminItem(row: ItemRow, codesLeft: number, codesUsed: number): AdminItem {
  return {
    itemID: row.id,
    itemName: row.name,
    itemTokens: row.tokens,
    description: row.description,
    brand: row.brand,
    imageUrl: row.imageUrl,
    teamImages: row.teamImages,
    status: row.status as ItemStatus,
    featured: row.featured,
    requiresShipping: row.requiresShipping,
    codesLeft,
    codesUsed,
  };
}

/** Aggregates over a left join of item_codes, grouped by item. */
export const codesLeft = sql<number>`(count(${itemCodes.id}) filter (where ${itemCodes.usedAt} is null))::int`.mapWith(Number);
export const codesUsed = sql<number>`(count(${itemCodes.id}) filter (where ${itemCodes.usedAt} is not null))::int`.mapWith(Number);
