import { z } from "zod";
import { withFallbackError } from "@/server/awards/with-fallback-error";
import { updateFavoriteTeam } from "@/server/follows/update-favorite-team";
import { ok, readJson, withSession } from "@/server/http/api";

export const dynamic = "force-dynamic";
const ZUpdateFavoriteTeamRequest = z.object({
  teamSlug: z.string({ error: "Please select a team before submitting." }).trim().min(1, "Please select a team before submitting.").max(80),
  smsConsent: z.boolean().optional(),
});

// POST /api/profile/updateFavoriteTeam {teamSlug, smsConsent?} – set the favourite team (which also follows it)
export const POST = withSession(async ({ req, session }) => {
  const body = await readJson(req, ZUpdateFavoriteTeamRequest);
  return withFallbackError("Follow failed", async () => ok(await updateFavoriteTeam({ profileId: session.profileId, ...body })));
});
