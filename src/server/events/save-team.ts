import "server-only";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { League } from "@/config";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { getDb } from "@/server/db/client";
import { teams } from "@/server/db/schema";
import { badRequest, conflict, notFound } from "@/server/http/app-error";
import { isUniqueViolation } from "@/server/authoring/db-errors";
import { allowedPictureOrigins, allowedPictureUrl } from "@/server/pictures/picture-hosts";

export interface TeamFields {
  league: League;
  name: string;
  fullName: string;
  slug: string;
  abbreviation: string;
  logoUrl: string | null;
}

const SLUG_TAKEN = "That slug is already used in this league.";

/**
 * Creates a team by hand (no ESPN id yet: a `manual-…` placeholder keeps the
 * (league, ESPN id) key unique) or edits one. Slugs stay unique per league. A logo must be on a
 * picture host (PICTURE_HOSTS), the only hosts the server fetches logos from when it draws an
 * event's cover (docs/decisions/051-picture-hosts-allow-list.md). Audited.
 */
export async function saveTeam(input: TeamFields & { teamId?: string; actorProfileId: string }): Promise<{ id: string }> {
  const { teamId, actorProfileId, ...fields } = input;
  if (fields.logoUrl !== null && !allowedPictureUrl(fields.logoUrl)) {
    const hosts = allowedPictureOrigins();
    throw badRequest(
      hosts.length
        ? `Logo URL must be on a picture host: ${hosts.join(", ")}`
        : "No picture hosts are set (PICTURE_HOSTS): a team cannot have a logo URL.",
    );
  }
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      if (!teamId) {
        const [row] = await tx
          .insert(teams)
          .values({ ...fields, espnTeamId: `manual-${randomUUID()}` })
          .returning();
        await recordAdminAction(tx, {
          actorProfileId,
          action: "team.create",
          entityType: "team",
          entityId: row!.id,
          before: null,
          after: row,
        });
        return { id: row!.id };
      }
      const [before] = await tx.select().from(teams).where(eq(teams.id, teamId)).for("update");
      if (!before) throw notFound("Team not found");
      const [after] = await tx
        .update(teams)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(teams.id, teamId))
        .returning();
      await recordAdminAction(tx, { actorProfileId, action: "team.update", entityType: "team", entityId: teamId, before, after });
      return { id: teamId };
    });
  } catch (error) {
    if (isUniqueViolation(error, "teams_league_slug_key")) throw conflict(SLUG_TAKEN);
    throw error;
  }
}
