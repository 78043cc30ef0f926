import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { profiles } from "@/server/db/schema";
import { routeSlugOf } from "@/server/teams/team-route-slug";
import { applyTeamFollow, getTeamBySlugOrThrow, type TeamFollowRequest } from "./follow-team";
import type { UpdateFavoriteTeamResult } from "@/domain/schemas/follows";

/** Sets the favourite team and follows it, in one transaction (docs/PRODUCT.md §9). */
export async function updateFavoriteTeam({
  profileId,
  teamSlug,
  smsConsent = false,
  now = new Date(),
}: TeamFollowRequest): Promise<UpdateFavoriteTeamResult> {
  const db = await getDb();
  const team = await getTeamBySlugOrThrow(db, teamSlug);
  await db.transaction(async (tx) => {
    await tx.update(profiles).set({ favoriteTeamId: team.id, updatedAt: now }).where(eq(profiles.id, profileId));
    await applyTeamFollow(tx, { profileId, team, smsConsent, now });
  });
  return { favoriteTeam: { slug: await routeSlugOf(db, team), name: team.name, fullName: team.fullName } };
}
