import "server-only";
import { eq, sql } from "drizzle-orm";
import type { League } from "@/config";
import type { FetchPlayersResult } from "@/domain/schemas/events";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { getDb } from "@/server/db/client";
import { players, teams } from "@/server/db/schema";
import { notFound } from "@/server/http/app-error";
import { getEspnClient, type EspnClient } from "@/server/integrations/espn/client";
import type { ParsedEspnPlayer } from "@/server/integrations/espn/parse-roster";
import { espnFailure } from "./espn-errors";

/**
 * Reads a team's roster from ESPN (`/teams/{id}/roster`) and upserts its
 * players by (team, ESPN player id); unchanged players are not rewritten. The
 * roster is fetched before the transaction. Audited.
 */
export async function fetchTeamPlayers(input: { teamId: string; actorProfileId: string; espn?: EspnClient }): Promise<FetchPlayersResult> {
  const db = await getDb();
  const [team] = await db
    .select({ id: teams.id, abbreviation: teams.abbreviation, league: teams.league, espnTeamId: teams.espnTeamId })
    .from(teams)
    .where(eq(teams.id, input.teamId))
    .limit(1);
  if (!team) throw notFound("Team not found");
  let roster: ParsedEspnPlayer[];
  try {
    roster = await (input.espn ?? getEspnClient()).roster(team.league as League, team.espnTeamId);
  } catch (error) {
    throw espnFailure(error, `Fetching the ${team.abbreviation} roster`);
  }
  await db.transaction(async (tx) => {
    if (roster.length) {
      await tx
        .insert(players)
        .values(roster.map((p) => ({ teamId: team.id, ...p })))
        .onConflictDoUpdate({
          target: [players.teamId, players.espnPlayerId],
          set: {
            fullName: sql`excluded.full_name`,
            position: sql`excluded.position`,
            jersey: sql`excluded.jersey`,
            headshotUrl: sql`excluded.headshot_url`,
            updatedAt: sql`now()`,
          },
          setWhere: sql`(${players.fullName}, ${players.position}, ${players.jersey}, ${players.headshotUrl})
            is distinct from (excluded.full_name, excluded.position, excluded.jersey, excluded.headshot_url)`,
        });
    }
    await recordAdminAction(tx, {
      actorProfileId: input.actorProfileId,
      action: "players.fetch",
      entityType: "team",
      entityId: team.id,
      before: null,
      after: { team: team.abbreviation, upserted: roster.length },
    });
  });
  return { upserted: roster.length, team: { id: team.id, abbreviation: team.abbreviation, league: team.league as League } };
}
