import "server-only";
import { eq } from "drizzle-orm";
import { ITEM_NOT_FOUND_MESSAGE, normalizeInventoryCodes } from "@/domain/marketplace";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { getDb } from "@/server/db/client";
import { itemCodes, items } from "@/server/db/schema";
import { notFound } from "@/server/http/app-error";
import { isItemId } from "./marketplace-item";
import type { AddedCodes } from "@/domain/schemas/marketplace";

const INSERT_BATCH = 1000;

/**
 * Adds pasted codes to an item's inventory: trimmed, empty lines dropped, and
 * a code already in the paste or in the item counted once (the unique
 * (item, code) index holds this under parallel pastes too).
 */
export async function addItemCodes({
  actorProfileId,
  itemId,
  codes,
}: {
  actorProfileId: string;
  itemId: string;
  codes: string | readonly string[];
}): Promise<AddedCodes> {
  if (!isItemId(itemId)) throw notFound(ITEM_NOT_FOUND_MESSAGE);
  const normalized = normalizeInventoryCodes(codes);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [item] = await tx.select({ id: items.id, name: items.name }).from(items).where(eq(items.id, itemId));
    if (!item) throw notFound(ITEM_NOT_FOUND_MESSAGE);
    let added = 0;
    for (let start = 0; start < normalized.codes.length; start += INSERT_BATCH) {
      const batch = normalized.codes.slice(start, start + INSERT_BATCH);
      const inserted = await tx
        .insert(itemCodes)
        .values(batch.map((code) => ({ itemId, code })))
        .onConflictDoNothing({ target: [itemCodes.itemId, itemCodes.code] })
        .returning({ id: itemCodes.id });
      added += inserted.length;
    }
    // The codes themselves stay out of the audit log: it is read more widely than the inventory.
    await recordAdminAction(tx, {
      actorProfileId,
      action: "item.codes.add",
      entityType: "item",
      entityId: itemId,
      after: { itemName: item.name, added, totalProvided: normalized.totalProvided },
    });
    return { added, totalProvided: normalized.totalProvided };
  });
}
