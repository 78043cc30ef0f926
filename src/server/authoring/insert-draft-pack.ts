import "server-only";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import type { Tx } from "@/server/db/client";
import { packs } from "@/server/db/schema";
import { linkPackEvents } from "./pack-rules";

type PackRow = typeof packs.$inferSelect;

/**
 * Inserts a pack the way every new pack starts (the pack form, the slate maker): a draft, not
 * featured, its creator the admin, linked to its events, and audited as "pack.create" with what
 * `auditNote` adds (docs/decisions/038-readable-audit-log.md). It opens later through the status
 * change, which checks it has props and a future close time.
 */
export async function insertDraftPack(
  tx: Tx,
  input: {
    values: Omit<typeof packs.$inferInsert, "status" | "featured" | "creatorProfileId">;
    eventIds: string[];
    actorProfileId: string;
    auditNote?: Record<string, unknown>;
  },
): Promise<PackRow> {
  const [row] = await tx
    .insert(packs)
    .values({ ...input.values, status: "draft", featured: false, creatorProfileId: input.actorProfileId })
    .returning();
  await linkPackEvents(tx, row!.id, input.eventIds);
  await recordAdminAction(tx, {
    actorProfileId: input.actorProfileId,
    action: "pack.create",
    entityType: "pack",
    entityId: row!.id,
    before: null,
    after: { ...row, eventIds: input.eventIds, ...input.auditNote },
  });
  return row!;
}
