import "server-only";
import { asc, eq } from "drizzle-orm";
import { getReadDb } from "@/server/db/client";
import { teams } from "@/server/db/schema";
import { routeSlugsFor } from "./team-route-slug";

/** A team as `GET /api/teams` answers it (docs/PRODUCT.md §13 "Team"); `slug` is the unique route slug. */
export interface TeamListEntry {
  recordId: string;
  id: string;
  teamType: string;
  teamName: string;
  teamNameFull: string;
  teamLogo: Array<{ url: string }>;
  slug: string;
  league: string;
  abbreviation: string;
}

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
