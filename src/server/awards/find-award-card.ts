import "server-only";
import { eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { awardCards, series, teams } from "@/server/db/schema";
import { routeSlugsFor } from "@/server/teams/team-route-slug";

export interface CardTeam {
  id: string;
  slug: string;
  routeSlug: string;
  name: string;
  fullName: string;
  logoUrl: string | null;
}

/** A card with the teams and series it names, resolved for display and links. */
export interface LoadedAwardCard {
  card: typeof awardCards.$inferSelect;
  requirementTeam: CardTeam | null;
  redirectTeam: CardTeam | null;
  targetTeam: CardTeam | null;
  targetSeries: { id: string; slug: string; title: string; teamId: string | null; coverUrl: string | null } | null;
}

/** The card whose code matches `code` ignoring case, or null. */
export async function findAwardCardByCode(db: DbOrTx, code: string): Promise<LoadedAwardCard | null> {
  const [card] = await db
    .select()
    .from(awardCards)
    .where(eq(sql`lower(${awardCards.code})`, code.toLowerCase()))
    .limit(1);
  if (!card) return null;
  const teamIds = [card.requirementTeamId, card.redirectTeamId, card.targetTeamId].filter((id): id is string => !!id);
  const teamRows = teamIds.length ? await db.select().from(teams).where(inArray(teams.id, teamIds)) : [];
  const routeSlugs = await routeSlugsFor(db, teamRows);
  const teamById = (id: string | null): CardTeam | null => {
    const team = teamRows.find((row) => row.id === id);
    return team
      ? { id: team.id, slug: team.slug, routeSlug: routeSlugs.get(team)!, name: team.name, fullName: team.fullName, logoUrl: team.logoUrl }
      : null;
  };
  const [targetSeries] = card.targetSeriesId
    ? await db
        .select({ id: series.id, slug: series.slug, title: series.title, teamId: series.teamId, coverUrl: series.coverUrl })
        .from(series)
        .where(eq(series.id, card.targetSeriesId))
    : [];
  return {
    card,
    requirementTeam: teamById(card.requirementTeamId),
    redirectTeam: teamById(card.redirectTeamId),
    targetTeam: teamById(card.targetTeamId),
    targetSeries: targetSeries ?? null,
  };
}
