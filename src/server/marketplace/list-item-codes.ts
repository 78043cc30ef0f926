import "server-only";
import { asc, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { ZItemCode } from "@/domain/schemas/marketplace";
import { getDb } from "@/server/db/client";
import { itemCodes } from "@/server/db/schema";
import { isItemId } from "./marketplace-item";

/** A code as its answer schema names it (src/domain/schemas/marketplace.ts), with its instants still dates. */
export type ItemCodeRow = Omit<z.infer<typeof ZItemCode>, "addedAt" | "usedAt"> & { addedAt: Date; usedAt: Date | null };

/** An item's codes for super admins only: unused first (in the order they will be handed out), then used. */
export async function listItemCodes({ itemId, limit = 500 }: { itemId: string; limit?: number }): Promise<ItemCodeRow[]> {
  if (!isItemId(itemId)) return [];
  const db = await getDb();
  return db
    .select({ code: itemCodes.code, addedAt: itemCodes.createdAt, usedAt: itemCodes.usedAt })
    .from(itemCodes)
    .where(eq(itemCodes.itemId, itemId))
    .orderBy(sql`${itemCodes.usedAt} is not null`, asc(itemCodes.createdAt), desc(itemCodes.usedAt), asc(itemCodes.id))
    .limit(limit);
}
