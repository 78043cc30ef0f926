import "server-only";
import { eq } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import type { Tx } from "@/server/db/client";
import { packs, profiles, props } from "@/server/db/schema";

/** The rows an admin change writes this way, by the audit log's entity type. */
const AUDITED = { pack: packs, prop: props, profile: profiles };

/**
 * Writes an admin's change to one pack, prop or profile row and its audit entry
 * (docs/decisions/038-readable-audit-log.md) in the caller's transaction: grading a pack or a prop,
 * setting a pack's winners, a prop's status or summary, granting super admin from ADMIN_PHONES.
 */
export async function updateAudited<Entity extends keyof typeof AUDITED>(
  tx: Tx,
  entity: { type: Entity; id: string },
  set: PgUpdateSetSource<(typeof AUDITED)[Entity]>,
  audit: { actorProfileId: string | null; action: string; before: unknown; after: unknown },
): Promise<void> {
  const table = AUDITED[entity.type];
  await tx.update(table).set(set).where(eq(table.id, entity.id));
  await recordAdminAction(tx, { ...audit, entityType: entity.type, entityId: entity.id });
}
