import "server-only";
import { asc, desc, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { awardCards, series, teams } from "@/server/db/schema";
import { routeSlugsFor } from "@/server/teams/team-route-slug";

/** Everything the promo-links admin page needs: cards (newest change first) and the teams and series to pick from. */
export async function listAwardCardsForAdmin() {
  const db = await getDb();
  const cards = await db.select().from(awardCards).orderBy(desc(awardCards.updatedAt), asc(awardCards.code));
  const teamRows = await db
    .select({ id: teams.id, league: teams.league, slug: teams.slug, fullName: teams.fullName })
    .from(teams)
    .where(eq(teams.teamType, "team"))
    .orderBy(asc(teams.league), asc(teams.fullName));
  const routeSlugs = await routeSlugsFor(db, teamRows);
  const seriesRows = await db.select({ id: series.id, slug: series.slug, title: series.title }).from(series).orderBy(asc(series.title));
  return {
    cards,
    teams: teamRows.map((team) => ({ id: team.id, league: team.league, fullName: team.fullName, slug: routeSlugs.get(team)! })),
    series: seriesRows,
  };
}
