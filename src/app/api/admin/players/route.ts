import { okThrough, readJson, readQuery, withAdmin } from "@/server/http/api";
import { fetchTeamPlayers } from "@/server/events/fetch-team-players";
import { listPlayers } from "@/server/events/list-players";
import { ZFetchPlayersAnswer, ZFetchPlayersRequest, ZPlayersPage, ZPlayersQuery } from "@/domain/schemas/events";

export const dynamic = "force-dynamic";

/** GET /api/admin/players?league&teamId&q&cursor&limit – a page (100) of stored players, searchable → {players, nextCursor}. */
export const GET = withAdmin(
  async ({ req }) => {
    const page = await listPlayers(readQuery(req, ZPlayersQuery));
    return okThrough(ZPlayersPage, { players: page.items, nextCursor: page.nextCursor });
  },
  { allow: "commissioner" },
);

/** POST /api/admin/players {teamId} – fetch the team's roster from ESPN → {upserted, team}. */
export const POST = withAdmin(
  async ({ req, session }) => {
    const { teamId } = await readJson(req, ZFetchPlayersRequest);
    return okThrough(ZFetchPlayersAnswer, await fetchTeamPlayers({ teamId, actorProfileId: session.profileId }));
  },
  { allow: "commissioner" },
);
