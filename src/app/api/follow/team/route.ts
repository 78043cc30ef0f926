import { followTeam } from "@/server/follows/follow-team";
import { unfollowTeam } from "@/server/follows/unfollow-team";
import { playerWriteRoute } from "@/server/http/route-kits";
import { ZFollowTeamAnswer, ZFollowTeamRequest, ZUnfollowTeamAnswer, ZUnfollowTeamRequest } from "@/domain/schemas/follows";

export const dynamic = "force-dynamic";

// POST /api/follow/team {teamSlug, smsConsent?} – follow a team (consent, the default, also subscribes to its pack texts)
export const POST = playerWriteRoute(ZFollowTeamRequest, ZFollowTeamAnswer, "Follow failed", followTeam);

// DELETE /api/follow/team {teamSlug} – unfollow a team
export const DELETE = playerWriteRoute(ZUnfollowTeamRequest, ZUnfollowTeamAnswer, "Failed to unfollow", unfollowTeam);
