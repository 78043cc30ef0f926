import { okThrough, readJson, readQuery, withAdmin } from "@/server/http/api";
import { listAdminTeams } from "@/server/events/list-admin-teams";
import { ZSaveTeamAnswer, ZTeamRequest, ZTeamsAnswer, ZTeamsQuery } from "@/domain/schemas/events";
import { saveTeam } from "@/server/events/save-team";

export const dynamic = "force-dynamic";

/** GET /api/admin/teams?league – teams for the admin table and pickers. */
export const GET = withAdmin(async ({ req }) => okThrough(ZTeamsAnswer, { teams: await listAdminTeams(readQuery(req, ZTeamsQuery)) }), {
  allow: "commissioner",
});

/** POST /api/admin/teams – create a team by hand. */
export const POST = withAdmin(
  async ({ req, session }) => {
    const input = await readJson(req, ZTeamRequest);
    return okThrough(ZSaveTeamAnswer, await saveTeam({ ...input, actorProfileId: session.profileId }), { status: 201 });
  },
  { allow: "commissioner" },
);
