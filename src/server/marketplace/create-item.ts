import "server-only";
import type { ItemInput } from "@/domain/schemas/marketplace";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { getDb } from "@/server/db/client";
import { items } from "@/server/db/schema";
import { toAdminItem, type AdminItem } from "./admin-item";

/** Creates a marketplace item and its audit record together. It has no codes yet. */
export async function createItem({ actorProfileId, input }: { actorProfileId: string; input: ItemInput }): Promise<AdminItem> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(items).values(input).returning();
    const created = toAdminItem(row!, 0, 0);
    await recordAdminAction(tx, {
      actorProfileId,
      action: "item.create",
      entityType: "item",
      entityId: created.itemID,
      after: input,
    });
    return created;
  });
}
