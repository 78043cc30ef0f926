import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { follows } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import { getTeamBySlugOrThrow } from "./follow-team";
import { getSeriesOrThrow } from "./follow-series";
import { isFollowingTeam } from "./is-following-team";
import type { FollowStatus } from "@/domain/schemas/follows";

/** Whether the profile follows a team (a favourite counts) and/or a series. */
export async function getFollowStatus({
  profileId,
  teamSlug,
  seriesId,
  seriesSlug,
}: {
  profileId: string;
  teamSlug?: string;
  seriesId?: string;
  seriesSlug?: string;
}): Promise<FollowStatus> {
  if (!teamSlug && !seriesId && !seriesSlug) throw new AppError("BAD_REQUEST", "Missing teamSlug or seriesId");
  const db = await getDb();
  const answer: FollowStatus = {};
  if (teamSlug) {
    const team = await getTeamBySlugOrThrow(db, teamSlug);
    answer.followsTeam = await isFollowingTeam(db, profileId, team.id);
  }
  if (seriesId || seriesSlug) {
    const target = await getSeriesOrThrow(db, { seriesId, seriesSlug });
    const [row] = await db
      .select({ id: follows.id })
      .from(follows)
      .where(and(eq(follows.profileId, profileId), eq(follows.seriesId, target.id)))
      .limit(1);
    answer.followsSeries = !!row;
  }
  return answer;
}
