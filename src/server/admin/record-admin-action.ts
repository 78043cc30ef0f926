import "server-only";
import type { DbOrTx } from "@/server/db/client";
import { adminAuditLog } from "@/server/db/schema";

/** Writes who changed what, with before/after, in the same transaction as the change. */
export async function recordAdminAction(
  db: DbOrTx,
  entry: {
    /** Null when the system acted (e.g. the auto-grading job). */
    actorProfileId: string | null;
    action: string;
    entityType: string;
    entityId?: string | null;
    before?: unknown;
    after?: unknown;
  },
): Promise<void> {
  await db.insert(adminAuditLog).values({
    actorProfileId: entry.actorProfileId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
