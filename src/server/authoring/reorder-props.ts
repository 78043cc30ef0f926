import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { getDb } from "@/server/db/client";
import { packs, props } from "@/server/db/schema";
import { badRequest, notFound } from "@/server/http/app-error";
import { selectAdminProps, type AdminProp } from "./prop-view";

/** Sets the order of a pack's props; `propIds` must list exactly the pack's props. Audited. */
export async function reorderProps(input: { packId: string; propIds: string[]; actorProfileId: string }): Promise<AdminProp[]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [pack] = await tx.select({ id: packs.id }).from(packs).where(eq(packs.id, input.packId)).for("update");
    if (!pack) throw notFound("Pack not found");
    const current = await tx
      .select({ id: props.id })
      .from(props)
      .where(eq(props.packId, pack.id))
      .orderBy(asc(props.position), asc(props.createdAt));
    const currentIds = current.map((p) => p.id);
    const wanted = new Set(input.propIds);
    if (wanted.size !== input.propIds.length || wanted.size !== currentIds.length || currentIds.some((id) => !wanted.has(id))) {
      throw badRequest("The new order must list every prop of the pack once.");
    }
    const positions = sql.join(
      input.propIds.map((id, index) => sql`when ${props.id} = ${id}::uuid then ${index}::int`),
      sql` `,
    );
    await tx
      .update(props)
      .set({ position: sql`case ${positions} end`, updatedAt: new Date() })
      .where(eq(props.packId, pack.id));
    await recordAdminAction(tx, {
      actorProfileId: input.actorProfileId,
      action: "pack.reorder-props",
      entityType: "pack",
      entityId: pack.id,
      before: { propIds: currentIds },
      after: { propIds: input.propIds },
    });
    return selectAdminProps(tx, { where: eq(props.packId, pack.id) });
  });
}
