import { withFallbackError } from "@/server/http/with-fallback-error";
import { followTeam } from "@/server/follows/follow-team";
import { unfollowTeam } from "@/server/follows/unfollow-team";
import { okThrough, readJson, withSession } from "@/server/http/api";
import { ZFollowTeamAnswer, ZFollowTeamRequest, ZUnfollowTeamAnswer, ZUnfollowTeamRequest } from "@/domain/schemas/follows";

export const dynamic = "force-dynamic";

// POST /api/follow/team {teamSlug, smsConsent?} – follow a team (consent, the default, also subscribes to its pack texts)
export const POST = withSession(
  async ({ req, session }) => {
    const body = await readJson(req, ZFollowTeamRequest);
    return withFallbackError("Follow failed", async () =>
      okThrough(ZFollowTeamAnswer, await followTeam({ profileId: session.profileId, ...body })),
    );
  },
  { rateLimit: "write" },
);

// DELETE /api/follow/team {teamSlug} – unfollow a team
export const DELETE = withSession(
  async ({ req, session }) => {
    const body = await readJson(req, ZUnfollowTeamRequest);
    return withFallbackError("Failed to unfollow", async () =>
      okThrough(ZUnfollowTeamAnswer, await unfollowTeam({ profileId: session.profileId, ...body })),
    );
  },
  { rateLimit: "write" },
);
