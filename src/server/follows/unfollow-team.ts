import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { profiles } from "@/server/db/schema";
import { getTeamBySlugOrThrow } from "./follow-team";
import { removeFollow } from "./follow-target";
import type { UnfollowTeamResult } from "@/domain/schemas/follows";

/** Stops following a team: its follow, its pack-open subscription and, if it was the favourite, the favourite. */
export async function unfollowTeam({ profileId, teamSlug }: { profileId: string; teamSlug: string }): Promise<UnfollowTeamResult> {
  const db = await getDb();
  const team = await getTeamBySlugOrThrow(db, teamSlug);
  await db.transaction(async (tx) => {
    await removeFollow(tx, { profileId, target: { kind: "team", id: team.id } });
    await tx
      .update(profiles)
      .set({ favoriteTeamId: null, updatedAt: new Date() })
      .where(and(eq(profiles.id, profileId), eq(profiles.favoriteTeamId, team.id)));
  });
  return { followsTeam: false };
}
