import { adminRecordRoutes } from "@/server/http/route-kits";
import { deleteTeam } from "@/server/events/delete-team";
import { ZDeletedAnswer, ZSaveTeamAnswer, ZTeamRequest } from "@/domain/schemas/events";
import { saveTeam } from "@/server/events/save-team";

export const dynamic = "force-dynamic";

const team = adminRecordRoutes("teamId", "Team not found", { allow: "commissioner" });

/** PATCH /api/admin/teams/{teamId} – edit a team. */
export const PATCH = team.write(ZTeamRequest, ZSaveTeamAnswer, (teamId, input, actorProfileId) =>
  saveTeam({ ...input, teamId, actorProfileId }),
);

/** DELETE /api/admin/teams/{teamId} – only a team no event uses. */
export const DELETE = team.remove(ZDeletedAnswer, (teamId, actorProfileId) => deleteTeam({ teamId, actorProfileId }));
