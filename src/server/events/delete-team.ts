import "server-only";
import { eq, or } from "drizzle-orm";
import { deleteAudited } from "@/server/admin/delete-audited";
import { events, teams } from "@/server/db/schema";

/** Deletes a team that no event uses (events keep their teams); follows and players go with it. Audited. */
export async function deleteTeam(input: { teamId: string; actorProfileId: string }): Promise<void> {
  await deleteAudited({
    table: teams,
    kind: "team",
    id: input.teamId,
    actorProfileId: input.actorProfileId,
    notFound: "Team not found",
    inUse: {
      from: events,
      where: (teamId) => or(eq(events.homeTeamId, teamId), eq(events.awayTeamId, teamId)),
      message: "This team plays in imported events, so it cannot be deleted.",
    },
    stillReferenced: "This team is still referenced (awards or items), so it cannot be deleted.",
  });
}
