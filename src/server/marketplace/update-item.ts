import "server-only";
import { eq } from "drizzle-orm";
import { ITEM_NOT_FOUND_MESSAGE } from "@/domain/marketplace";
import type { ItemInput } from "@/domain/schemas/marketplace";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { getDb } from "@/server/db/client";
import { items } from "@/server/db/schema";
import { notFound } from "@/server/http/app-error";
import { findAdminItem } from "./find-admin-item";
import type { AdminItem } from "./admin-item";
import { isItemId } from "./marketplace-item";

/**
 * Replaces an item's editable fields, recording before and after. Past
 * exchanges keep the price they were paid: a new price affects later
 * redemptions only.
 */
export async function updateItem({
  actorProfileId,
  itemId,
  input,
}: {
  actorProfileId: string;
  itemId: string;
  input: ItemInput;
}): Promise<AdminItem> {
  if (!isItemId(itemId)) throw notFound(ITEM_NOT_FOUND_MESSAGE);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(items).where(eq(items.id, itemId)).for("update");
    if (!before) throw notFound(ITEM_NOT_FOUND_MESSAGE);
    await tx
      .update(items)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(items.id, itemId));
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, teamId: _teamId, ...editable } = before;
    await recordAdminAction(tx, {
      actorProfileId,
      action: "item.update",
      entityType: "item",
      entityId: itemId,
      before: editable,
      after: input,
    });
  });
  const updated = await findAdminItem({ itemId });
  if (!updated) throw notFound(ITEM_NOT_FOUND_MESSAGE);
  return updated;
}
