import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { deleteTeam } from "@/server/events/delete-team";
import { uuidOrNotFound } from "@/server/http/route-params";
import { ZDeletedAnswer, ZSaveTeamAnswer, ZTeamRequest } from "@/domain/schemas/events";
import { saveTeam } from "@/server/events/save-team";

export const dynamic = "force-dynamic";
type Params = { teamId: string };

/** PATCH /api/admin/teams/{teamId} – edit a team. */
export const PATCH = withAdmin<Params>(async ({ req, params, session }) => {
  const teamId = uuidOrNotFound(params.teamId, "Team not found");
  const input = await readJson(req, ZTeamRequest);
  return okThrough(ZSaveTeamAnswer, await saveTeam({ ...input, teamId, actorProfileId: session.profileId }));
});

/** DELETE /api/admin/teams/{teamId} – only a team no event uses. */
export const DELETE = withAdmin<Params>(async ({ params, session }) => {
  await deleteTeam({ teamId: uuidOrNotFound(params.teamId, "Team not found"), actorProfileId: session.profileId });
  return okThrough(ZDeletedAnswer, {});
});
