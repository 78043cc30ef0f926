import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { League } from "@/config";
import { getReadDb } from "@/server/db/client";
import { teams } from "@/server/db/schema";
import { routeSlugsFor } from "@/server/teams/team-route-slug";
import type { AdminTeam } from "@/domain/schemas/events";

/** Teams for the admin teams table and pickers (league entries excluded unless asked for). */
export async function listAdminTeams(input: { league?: League; includeLeagueEntries?: boolean } = {}): Promise<AdminTeam[]> {
  const db = await getReadDb();
  const filters = [];
  if (input.league) filters.push(eq(teams.league, input.league));
  if (!input.includeLeagueEntries) filters.push(eq(teams.teamType, "team"));
  const rows = await db
    .select()
    .from(teams)
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(asc(teams.league), asc(teams.fullName));
  const routeSlugs = await routeSlugsFor(db, rows);
  return rows.map((t) => ({
    id: t.id,
    league: t.league as League,
    espnTeamId: t.espnTeamId,
    teamType: t.teamType,
    slug: t.slug,
    routeSlug: routeSlugs.get(t)!,
    abbreviation: t.abbreviation,
    name: t.name,
    fullName: t.fullName,
    location: t.location,
    logoUrl: t.logoUrl,
    color: t.color,
  }));
}
