import "server-only";
import { eq } from "drizzle-orm";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import type { Tx } from "@/server/db/client";
import { packs } from "@/server/db/schema";

/**
 * Writes a change to a pack's row and its audit entry (docs/decisions/038-readable-audit-log.md) in
 * the caller's transaction: grading a pack, setting and re-running its winners.
 */
export async function updatePackAudited(
  tx: Tx,
  packId: string,
  set: Partial<typeof packs.$inferInsert>,
  audit: { actorProfileId: string | null; action: string; before: unknown; after: unknown },
): Promise<void> {
  await tx.update(packs).set(set).where(eq(packs.id, packId));
  await recordAdminAction(tx, { ...audit, entityType: "pack", entityId: packId });
}
