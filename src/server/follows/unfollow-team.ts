import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { follows, profiles, subscriptions } from "@/server/db/schema";
import { getTeamBySlugOrThrow } from "./follow-team";
import type { UnfollowTeamResult } from "@/domain/schemas/follows";

/** Stops following a team: its follow, its pack-open subscription and, if it was the favourite, the favourite. */
export async function unfollowTeam({ profileId, teamSlug }: { profileId: string; teamSlug: string }): Promise<UnfollowTeamResult> {
  const db = await getDb();
  const team = await getTeamBySlugOrThrow(db, teamSlug);
  await db.transaction(async (tx) => {
    await tx.delete(follows).where(and(eq(follows.profileId, profileId), eq(follows.teamId, team.id)));
    await tx.delete(subscriptions).where(and(eq(subscriptions.profileId, profileId), eq(subscriptions.teamId, team.id)));
    await tx
      .update(profiles)
      .set({ favoriteTeamId: null, updatedAt: new Date() })
      .where(and(eq(profiles.id, profileId), eq(profiles.favoriteTeamId, team.id)));
  });
  return { followsTeam: false };
}
