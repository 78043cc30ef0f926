import "server-only";
import { eq, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { getDb } from "@/server/db/client";
import { conflict, notFound } from "@/server/http/app-error";

/**
 * An admin's delete of one row, the same for packs, props, teams and events: in one
 * transaction the row is locked (FOR UPDATE, so a take or an import racing the delete waits or
 * loses), refused while anything still counts on it, deleted, and audited with the row as it was.
 */
export async function deleteAudited(options: {
  table: PgTable & { id: PgColumn };
  /** The audit's entity type; the action is `{kind}.delete`. */
  kind: string;
  id: string;
  actorProfileId: string;
  notFound: string;
  /** Rows elsewhere that make the delete wrong (takes are players' history): refused with `message` while any exist. */
  inUse?: { from: PgTable; where: (id: string) => SQL | undefined; message: string };
  /** A foreign key the delete may still meet: answered as a conflict with this message instead of a 500. */
  stillReferenced?: string;
}): Promise<void> {
  const { table } = options;
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = (await tx.select().from(table).where(eq(table.id, options.id)).for("update")) as { id: string }[];
    if (!before) throw notFound(options.notFound);
    if (options.inUse) {
      const [{ count }] = (await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(options.inUse.from)
        .where(options.inUse.where(before.id))) as [{ count: number }];
      if (Number(count) > 0) throw conflict(options.inUse.message);
    }
    try {
      await tx.delete(table).where(eq(table.id, before.id));
    } catch (error) {
      if (!options.stillReferenced) throw error;
      throw conflict(options.stillReferenced);
    }
    await recordAdminAction(tx, {
      actorProfileId: options.actorProfileId,
      action: `${options.kind}.delete`,
      entityType: options.kind,
      entityId: before.id,
      before,
      after: null,
    });
  });
}
