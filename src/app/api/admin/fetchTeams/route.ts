import { ok, readJson, withAdmin } from "@/server/http/api";
import { fetchTeams } from "@/server/events/fetch-teams";
import { ZFetchTeamsRequest } from "@/server/events/requests";

export const dynamic = "force-dynamic";

/** POST /api/admin/fetchTeams {league} – upsert a league's teams from ESPN → {upserted, backend}. */
export const POST = withAdmin(async ({ req, session }) => {
  const { league } = await readJson(req, ZFetchTeamsRequest);
  return ok({ ...(await fetchTeams({ league, actorProfileId: session.profileId })) });
});
