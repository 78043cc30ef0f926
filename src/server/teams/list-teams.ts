import "server-only";
import { asc, eq } from "drizzle-orm";
import { getReadDb } from "@/server/db/client";
import { teams } from "@/server/db/schema";
import { routeSlugsFor } from "./team-route-slug";
import type { TeamListEntry } from "@/domain/schemas/follows";

/** Every non-league team, sorted by full name. */
export async function listTeams(): Promise<TeamListEntry[]> {
  const db = await getReadDb();
  const rows = await db.select().from(teams).where(eq(teams.teamType, "team")).orderBy(asc(teams.fullName), asc(teams.league));
  const routeSlugs = await routeSlugsFor(db, rows);
  return rows.map((team) => ({
    recordId: team.id,
    id: team.id,
    teamType: team.teamType,
    teamName: team.name,
    teamNameFull: team.fullName,
    teamLogo: team.logoUrl ? [{ url: team.logoUrl }] : [],
    slug: routeSlugs.get(team)!,
    league: team.league,
    abbreviation: team.abbreviation,
  }));
}
