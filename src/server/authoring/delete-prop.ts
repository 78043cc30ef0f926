import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { getDb } from "@/server/db/client";
import { props, takes } from "@/server/db/schema";
import { conflict, notFound } from "@/server/http/app-error";

/**
 * Deletes a prop that nobody has taken yet. A prop with takes is part of
 * players' history (and perhaps their payouts), so it must be voided instead.
 */
export async function deleteProp(input: { propId: string; actorProfileId: string }): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(props).where(eq(props.id, input.propId)).for("update");
    if (!before) throw notFound("Prop not found");
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(takes)
      .where(and(eq(takes.propId, before.id)))) as [{ count: number }];
    if (Number(count) > 0) throw conflict("This prop has takes, so it cannot be deleted. Void it instead.");
    await tx.delete(props).where(eq(props.id, before.id));
    await recordAdminAction(tx, {
      actorProfileId: input.actorProfileId,
      action: "prop.delete",
      entityType: "prop",
      entityId: before.id,
      before,
      after: null,
    });
  });
}
