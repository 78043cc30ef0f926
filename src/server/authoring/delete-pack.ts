import "server-only";
import { eq, sql } from "drizzle-orm";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { getDb } from "@/server/db/client";
import { packs, takes } from "@/server/db/schema";
import { conflict, notFound } from "@/server/http/app-error";

/** Deletes a pack nobody has played; a pack with takes is history, so it can only be archived. Audited. */
export async function deletePack(input: { packId: string; actorProfileId: string }): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(packs).where(eq(packs.id, input.packId)).for("update");
    if (!before) throw notFound("Pack not found");
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(takes)
      .where(eq(takes.packId, before.id))) as [{ count: number }];
    if (Number(count) > 0) throw conflict("This pack has takes, so it cannot be deleted. Archive it instead.");
    await tx.delete(packs).where(eq(packs.id, before.id));
    await recordAdminAction(tx, {
      actorProfileId: input.actorProfileId,
      action: "pack.delete",
      entityType: "pack",
      entityId: before.id,
      before,
      after: null,
    });
  });
}
