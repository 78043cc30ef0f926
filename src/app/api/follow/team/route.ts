import { z } from "zod";
import { withFallbackError } from "@/server/awards/with-fallback-error";
import { followTeam } from "@/server/follows/follow-team";
import { unfollowTeam } from "@/server/follows/unfollow-team";
import { ok, readJson, withSession } from "@/server/http/api";

export const dynamic = "force-dynamic";
const ZTeamSlug = z.string({ error: "Missing teamSlug" }).trim().min(1, "Missing teamSlug").max(80);
const ZFollowTeamRequest = z.object({ teamSlug: ZTeamSlug, smsConsent: z.boolean().optional() });
const ZUnfollowTeamRequest = z.object({ teamSlug: ZTeamSlug });

// POST /api/follow/team {teamSlug, smsConsent?} – follow a team (consent, the default, also subscribes to its pack texts)
export const POST = withSession(async ({ req, session }) => {
  const body = await readJson(req, ZFollowTeamRequest);
  return withFallbackError("Follow failed", async () => ok(await followTeam({ profileId: session.profileId, ...body })));
}, { rateLimit: "write" });

// DELETE /api/follow/team {teamSlug} – unfollow a team
export const DELETE = withSession(async ({ req, session }) => {
  const body = await readJson(req, ZUnfollowTeamRequest);
  return withFallbackError("Failed to unfollow", async () => ok(await unfollowTeam({ profileId: session.profileId, ...body })));
}, { rateLimit: "write" });
