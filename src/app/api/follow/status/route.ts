import { z } from "zod";
import { withFallbackError } from "@/server/awards/with-fallback-error";
import { getFollowStatus } from "@/server/follows/get-follow-status";
import { ok, readQuery, withSession } from "@/server/http/api";

export const dynamic = "force-dynamic";
const ZFollowStatusQuery = z.object({
  teamSlug: z.string().max(80).optional(),
  seriesId: z.string().max(80).optional(),
  seriesSlug: z.string().max(80).optional(),
});

// GET /api/follow/status?teamSlug (or seriesId) – {followsTeam} / {followsSeries} for the signed-in player
export const GET = withSession(async ({ req, session }) => {
  const query = readQuery(req, ZFollowStatusQuery);
  return withFallbackError("Could not load", async () => ok(await getFollowStatus({ profileId: session.profileId, ...query })));
});
