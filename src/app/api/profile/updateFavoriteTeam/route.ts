import { withFallbackError } from "@/server/http/with-fallback-error";
import { updateFavoriteTeam } from "@/server/follows/update-favorite-team";
import { okThrough, readJson, withSession } from "@/server/http/api";
import { ZUpdateFavoriteTeamAnswer, ZUpdateFavoriteTeamRequest } from "@/domain/schemas/follows";

export const dynamic = "force-dynamic";

// POST /api/profile/updateFavoriteTeam {teamSlug, smsConsent?} – set the favourite team (which also follows it)
export const POST = withSession(async ({ req, session }) => {
  const body = await readJson(req, ZUpdateFavoriteTeamRequest);
  return withFallbackError("Follow failed", async () =>
    okThrough(ZUpdateFavoriteTeamAnswer, await updateFavoriteTeam({ profileId: session.profileId, ...body })),
  );
});
