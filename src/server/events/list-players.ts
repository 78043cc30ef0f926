import "server-only";
import { and, asc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { League } from "@/config";
import { getReadDb } from "@/server/db/client";
import { players, teams } from "@/server/db/schema";
import { escapeLike } from "./list-admin-events";

export interface AdminPlayer {
  id: string;
  espnPlayerId: string;
  fullName: string;
  firstName: string;
  lastName: string;
  position: string | null;
  jersey: string | null;
  headshotUrl: string | null;
  teamAbbreviation: string;
  teamId: string;
  league: League;
}

/** Stored players for /admin/players: by league, team and a name/position search (at most 500). */
export async function listPlayers(input: { league?: League; teamId?: string; q?: string }): Promise<AdminPlayer[]> {
  const filters: SQL[] = [];
  if (input.league) filters.push(eq(teams.league, input.league));
  if (input.teamId) filters.push(eq(players.teamId, input.teamId));
  if (input.q?.trim()) {
    const pattern = `%${escapeLike(input.q.trim())}%`;
    filters.push(or(ilike(players.fullName, pattern), ilike(players.position, pattern), ilike(players.espnPlayerId, pattern))!);
  }
  const db = await getReadDb();
  const rows = await db
    .select({ player: players, team: { abbreviation: teams.abbreviation, league: teams.league } })
    .from(players)
    .innerJoin(teams, eq(teams.id, players.teamId))
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(asc(teams.abbreviation), asc(players.fullName))
    .limit(500);
  return rows.map(({ player, team }) => {
    const [firstName, ...rest] = player.fullName.split(" ");
    return {
      id: player.id,
      espnPlayerId: player.espnPlayerId,
      fullName: player.fullName,
      firstName: firstName ?? "",
      lastName: rest.join(" "),
      position: player.position,
      jersey: player.jersey,
      headshotUrl: player.headshotUrl,
      teamAbbreviation: team.abbreviation,
      teamId: player.teamId,
      league: team.league as League,
    };
  });
}
