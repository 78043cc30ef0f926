import "server-only";
import { and, asc, desc, eq, isNull, or, sql } from "drizzle-orm";
import { itemImageFor } from "@/domain/marketplace";
import { getReadDb } from "@/server/db/client";
import { items, teams } from "@/server/db/schema";
import { hasUnusedCode, type MarketplaceItem } from "./marketplace-item";

export interface MarketplaceTeam {
  league: string;
  slug: string;
  name: string;
  abbreviation: string;
}

export interface MarketplaceListing {
  /** The team of a team view; null for the normal view, an unknown slug included. */
  team: MarketplaceTeam | null;
  items: MarketplaceItem[];
}

/**
 * Items a player can redeem right now (status available and at least one
 * unused code), featured first, then cheapest. A team view shows that team's
 * items (its own or with a picture for it) and the items for everyone, each
 * with the team's picture when it has one.
 */
export async function listMarketplaceItems({
  teamSlug,
  limit = 200,
}: {
  teamSlug?: string | null;
  limit?: number;
}): Promise<MarketplaceListing> {
  const db = await getReadDb();
  const slug = teamSlug?.trim().toLowerCase() || null;
  const [team] = slug
    ? await db
        .select({ id: teams.id, league: teams.league, slug: teams.slug, name: teams.name, abbreviation: teams.abbreviation })
        .from(teams)
        .where(eq(teams.slug, slug))
        .orderBy(asc(teams.league))
        .limit(1)
    : [];

  const teamFilter = team
    ? or(
        eq(items.teamId, team.id),
        sql`${items.teamImages} ? ${team.slug}`,
        and(isNull(items.teamId), sql`coalesce(${items.teamImages}, '{}'::jsonb) = '{}'::jsonb`),
      )
    : undefined;

  const rows = await db
    .select({
      id: items.id,
      name: items.name,
      tokens: items.tokens,
      brand: items.brand,
      description: items.description,
      imageUrl: items.imageUrl,
      teamImages: items.teamImages,
      featured: items.featured,
      requiresShipping: items.requiresShipping,
    })
    .from(items)
    .where(and(eq(items.status, "available"), hasUnusedCode, teamFilter))
    .orderBy(desc(items.featured), asc(items.tokens), asc(items.name), asc(items.id))
    .limit(limit);

  return {
    team: team ? { league: team.league, slug: team.slug, name: team.name, abbreviation: team.abbreviation } : null,
    items: rows.map((row) => ({
      itemID: row.id,
      itemName: row.name,
      itemTokens: row.tokens,
      brand: row.brand,
      description: row.description,
      imageUrl: itemImageFor(row, team?.slug),
      featured: row.featured,
      requiresShipping: row.requiresShipping,
    })),
  };
}
