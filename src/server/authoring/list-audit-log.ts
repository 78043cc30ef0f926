import "server-only";
import { desc, eq } from "drizzle-orm";
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

/** The latest admin changes, newest first (the /admin hub shows 50). */
export async function listAuditLog(input: { limit?: number } = {}): Promise<AuditEntry[]> {
  const db = await getReadDb();
  const rows = await db
    .select({ entry: adminAuditLog, handle: profiles.handle })
    .from(adminAuditLog)
    .leftJoin(profiles, eq(profiles.id, adminAuditLog.actorProfileId))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(Math.min(Math.max(input.limit ?? 50, 1), 200));
  return rows.map(({ entry, handle }) => ({
    id: entry.id,
    createdAt: entry.createdAt.toISOString(),
    actorHandle: handle,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before,
    after: entry.after,
  }));
}
