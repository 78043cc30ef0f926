import "server-only";
import { eq, or, sql } from "drizzle-orm";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { getDb } from "@/server/db/client";
import { events, teams } from "@/server/db/schema";
import { conflict, notFound } from "@/server/http/app-error";

/** Deletes a team that no event uses (events keep their teams); follows and players go with it. Audited. */
export async function deleteTeam(input: { teamId: string; actorProfileId: string }): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(teams).where(eq(teams.id, input.teamId)).for("update");
    if (!before) throw notFound("Team not found");
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(events)
      .where(or(eq(events.homeTeamId, before.id), eq(events.awayTeamId, before.id)))) as [{ count: number }];
    if (Number(count) > 0) throw conflict("This team plays in imported events, so it cannot be deleted.");
    try {
      await tx.delete(teams).where(eq(teams.id, before.id));
    } catch {
      throw conflict("This team is still referenced (awards or items), so it cannot be deleted.");
    }
    await recordAdminAction(tx, {
      actorProfileId: input.actorProfileId,
      action: "team.delete",
      entityType: "team",
      entityId: before.id,
      before,
      after: null,
    });
  });
}
