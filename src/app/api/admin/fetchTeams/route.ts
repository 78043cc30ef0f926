import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { fetchTeams } from "@/server/events/fetch-teams";
import { ZFetchTeamsAnswer, ZFetchTeamsRequest } from "@/domain/schemas/events";

export const dynamic = "force-dynamic";

/** POST /api/admin/fetchTeams {league} – upsert a league's teams from ESPN → {upserted, created, updated, backend}. */
export const POST = withAdmin(
  async ({ req, session }) => {
    const { league } = await readJson(req, ZFetchTeamsRequest);
    return okThrough(ZFetchTeamsAnswer, await fetchTeams({ league, actorProfileId: session.profileId }));
  },
  { allow: "commissioner" },
);
