import "server-only";
import { and, asc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { League } from "@/config";
import { getReadDb } from "@/server/db/client";
import { AppError } from "@/server/http/app-error";
import { decodeTextsCursor, keysetPage, type KeysetPage } from "@/server/http/keyset";
import { players, teams } from "@/server/db/schema";
import type { AdminPlayer } from "@/domain/schemas/events";
import { escapeLike } from "./list-admin-events";

export const PLAYERS_PAGE = 100;

/**
 * A page of stored players for /admin/athletes: by league, team and a
 * name/position search, in team then name order, after `cursor` (keyset by
 * team abbreviation, name and id, src/server/http/keyset.ts): two leagues'
 * rosters are thousands of players.
 */
export async function listPlayers(input: {
  league?: League;
  teamId?: string;
  q?: string;
  cursor?: string;
  limit?: number;
}): Promise<KeysetPage<AdminPlayer>> {
  const limit = input.limit ?? PLAYERS_PAGE;
  const filters: SQL[] = [];
  if (input.league) filters.push(eq(teams.league, input.league));
  if (input.teamId) filters.push(eq(players.teamId, input.teamId));
  if (input.q?.trim()) {
    const pattern = `%${escapeLike(input.q.trim())}%`;
    filters.push(or(ilike(players.fullName, pattern), ilike(players.position, pattern), ilike(players.espnPlayerId, pattern))!);
  }
  if (input.cursor) {
    const after = decodeTextsCursor(input.cursor, 2);
    if (!after) throw new AppError("BAD_REQUEST", "Invalid cursor");
    filters.push(
      sql`(${teams.abbreviation}, ${players.fullName}, ${players.id}) > (${after.keys[0]}, ${after.keys[1]}, ${after.id}::uuid)`,
    );
  }
  const db = await getReadDb();
  const fetched = await db
    .select({ player: players, team: { abbreviation: teams.abbreviation, league: teams.league } })
    .from(players)
    .innerJoin(teams, eq(teams.id, players.teamId))
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(asc(teams.abbreviation), asc(players.fullName), asc(players.id))
    .limit(limit + 1);
  const page = keysetPage(fetched, limit, ({ player, team }) => ({
    key: JSON.stringify([team.abbreviation, player.fullName]),
    id: player.id,
  }));
  const rows = page.items;
  const items = rows.map(({ player, team }) => {
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
  return { items, nextCursor: page.nextCursor };
}
