import "server-only";
import { desc, eq, lt } from "drizzle-orm";
import { getReadDb } from "@/server/db/client";
import { adminAuditLog, profiles } from "@/server/db/schema";

export interface AuditEntry {
  id: number;
  createdAt: string;
  actorHandle: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

/**
 * Admin changes, newest first (the /admin hub shows 50 a page), before the
 * entry `before` when given: keyset by the entry's id, which grows with time
 * (docs/decisions/024-season-scale.md). `olderBefore` pages on; null at the first change.
 */
export async function listAuditLog(input: { limit?: number; before?: number } = {}): Promise<{ entries: AuditEntry[]; olderBefore: number | null }> {
  const db = await getReadDb();
  const limit = Math.min(Math.max(input.limit ?? 50, 1), 200);
  const rows = await db
    .select({ entry: adminAuditLog, handle: profiles.handle })
    .from(adminAuditLog)
    .leftJoin(profiles, eq(profiles.id, adminAuditLog.actorProfileId))
    .where(input.before ? lt(adminAuditLog.id, input.before) : undefined)
    .orderBy(desc(adminAuditLog.id))
    .limit(limit + 1);
  const entries = rows.slice(0, limit).map(({ entry, handle }) => ({
    id: entry.id,
    createdAt: entry.createdAt.toISOString(),
    actorHandle: handle,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before,
    after: entry.after,
  }));
  return { entries, olderBefore: rows.length > limit ? (entries.at(-1)?.id ?? null) : null };
}
