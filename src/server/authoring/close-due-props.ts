import "server-only";
import { and, eq, lte } from "drizzle-orm";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { getDb } from "@/server/db/client";
import { props } from "@/server/db/schema";

/** Marks open props whose close time has passed as closed ("Close Props" on /admin). Audited as one action. */
export async function closeDueProps(input: { actorProfileId: string; now?: Date }): Promise<{ closed: number }> {
  const now = input.now ?? new Date();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const closed = await tx
      .update(props)
      .set({ status: "closed", updatedAt: now })
      .where(and(eq(props.status, "open"), lte(props.closeTime, now)))
      .returning({ id: props.id });
    if (closed.length) {
      await recordAdminAction(tx, {
        actorProfileId: input.actorProfileId,
        action: "props.close-due",
        entityType: "prop",
        before: { status: "open" },
        after: { status: "closed", propIds: closed.map((p) => p.id) },
      });
    }
    return { closed: closed.length };
  });
}
