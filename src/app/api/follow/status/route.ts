import { withFallbackError } from "@/server/http/with-fallback-error";
import { getFollowStatus } from "@/server/follows/get-follow-status";
import { okThrough, readQuery, withSession } from "@/server/http/api";
import { ZFollowStatusAnswer, ZFollowStatusQuery } from "@/domain/schemas/follows";

export const dynamic = "force-dynamic";

// GET /api/follow/status?teamSlug (or seriesId) – {followsTeam} / {followsSeries} for the signed-in player
export const GET = withSession(async ({ req, session }) => {
  const query = readQuery(req, ZFollowStatusQuery);
  return withFallbackError("Could not load", async () =>
    okThrough(ZFollowStatusAnswer, await getFollowStatus({ profileId: session.profileId, ...query })),
  );
});
