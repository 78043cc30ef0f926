import "server-only";
import { desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { ZExchangeRecord } from "@/domain/schemas/marketplace";
import { getDb } from "@/server/db/client";
import { exchanges, itemCodes, items } from "@/server/db/schema";

/** An exchange as its answer schema names it (src/domain/schemas/marketplace.ts), with `createdAt` still a date. */
export type ExchangeRecord = Omit<z.infer<typeof ZExchangeRecord>, "createdAt"> & { createdAt: Date };

/**
 * A player's own exchange history, newest first, codes included. Callers must
 * only ever pass the signed-in player's own profile id (or act as an admin).
 */
export async function listProfileExchanges({ profileId, limit = 100 }: { profileId: string; limit?: number }): Promise<ExchangeRecord[]> {
  const db = await getDb();
  const rows = await db
    .select({
      exchangeID: exchanges.id,
      itemID: exchanges.itemId,
      itemName: items.name,
      tokens: exchanges.tokens,
      code: itemCodes.code,
      createdAt: exchanges.createdAt,
    })
    .from(exchanges)
    .innerJoin(items, eq(items.id, exchanges.itemId))
    .leftJoin(itemCodes, eq(itemCodes.id, exchanges.itemCodeId))
    .where(eq(exchanges.profileId, profileId))
    .orderBy(desc(exchanges.createdAt), desc(exchanges.id))
    .limit(limit);
  return rows;
}
