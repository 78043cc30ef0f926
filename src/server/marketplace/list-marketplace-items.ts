import "server-only";
import { and, asc, count, desc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { itemImageFor } from "@/domain/marketplace";
import { getReadDb } from "@/server/db/client";
import { AppError } from "@/server/http/app-error";
import { decodeCursor, keysetPage } from "@/server/http/keyset";
import { isStorableText } from "@/server/http/request-edge";
import { items, teams } from "@/server/db/schema";
import { hasUnusedCode, marketplaceItemColumns, toMarketplaceItem } from "./marketplace-item";
import type { MarketplaceItem, MarketplaceTeam } from "@/domain/schemas/marketplace";

export interface MarketplaceListing {
  /** The team of a team view; null for the normal view, an unknown slug included. */
  team: MarketplaceTeam | null;
  items: MarketplaceItem[];
  /** Pass back as `cursor` for the items after these; null when there are no more. */
  nextCursor: string | null;
  /** Every item of the view, counted in SQL; only when asked for (`withTotal`). */
  total?: number;
}

/** Item cards the marketplace page shows at first, and at most (`?show=`, docs/decisions/024-season-scale.md). */
export const MARKETPLACE_PAGE = 24;
export const MARKETPLACE_MAX_SHOWN = 480;

/**
 * The sort key of an item in a cursor: featured ("1"/"0"), tokens and name, as JSON text. A forged
 * key must not reach SQL as a number out of an integer's range or as text PostgreSQL cannot store
 * (src/server/http/request-edge.ts): either would be a 500 instead of a 400.
 */
const ZItemKey = z.tuple([
  z.enum(["0", "1"]),
  z
    .string()
    .regex(/^\d{1,10}$/)
    .refine((tokens) => Number(tokens) <= 2_147_483_647),
  z.string().refine(isStorableText),
]);

/** The items after a cursor's item in the list's order (featured first, then cheapest, then name, then id). */
function afterCursor(cursor: string): SQL {
  const decoded = decodeCursor(cursor);
  let key: z.infer<typeof ZItemKey> | null = null;
  try {
    const parsed = decoded ? ZItemKey.safeParse(JSON.parse(decoded.key)) : null;
    key = parsed?.success ? parsed.data : null;
  } catch {
    key = null;
  }
  if (!decoded || !key) throw new AppError("BAD_REQUEST", "Invalid cursor");
  const [featured, tokens, name] = key;
  // featured is descending, the rest ascending: no single row comparison, so spelled out.
  return sql`(${items.featured} < ${featured === "1"}
    or (${items.featured} = ${featured === "1"} and (${items.tokens} > ${Number(tokens)}
      or (${items.tokens} = ${Number(tokens)} and (${items.name}, ${items.id}) > (${name}, ${decoded.id}::uuid)))))`;
}

/**
 * Items a player can redeem right now (status available and at least one
 * unused code), featured first, then cheapest (then by name and id). A team
 * view shows that team's items (its own or with a picture for it) and the
 * items for everyone, each with the team's picture when it has one.
 *
 * The first `limit` of them, after `cursor` (keyset, src/server/http/keyset.ts):
 * the list is cut in SQL, not silently at a fixed number as it was, and
 * `withTotal` counts every item of the view for "Showing 24 of 60 items"
 * (docs/decisions/024-season-scale.md).
 */
export async function listMarketplaceItems({
  teamSlug,
  limit = MARKETPLACE_PAGE,
  cursor,
  withTotal = false,
}: {
  teamSlug?: string | null;
  limit?: number;
  cursor?: string;
  withTotal?: boolean;
}): Promise<MarketplaceListing> {
  const after = cursor ? afterCursor(cursor) : undefined;
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

  const redeemable = and(eq(items.status, "available"), hasUnusedCode, teamFilter);
  const [fetched, counted] = await Promise.all([
    db
      .select({ ...marketplaceItemColumns, teamImages: items.teamImages })
      .from(items)
      .where(and(redeemable, after))
      .orderBy(desc(items.featured), asc(items.tokens), asc(items.name), asc(items.id))
      .limit(limit + 1),
    withTotal ? db.select({ total: count() }).from(items).where(redeemable) : Promise.resolve(null),
  ]);
  const page = keysetPage(fetched, limit, (row) => ({
    key: JSON.stringify([row.featured ? "1" : "0", String(row.tokens), row.name]),
    id: row.id,
  }));

  return {
    team: team ? { league: team.league, slug: team.slug, name: team.name, abbreviation: team.abbreviation } : null,
    items: page.items.map((row) => toMarketplaceItem(row, itemImageFor(row, team?.slug))),
    nextCursor: page.nextCursor,
    ...(counted ? { total: Number(counted[0]?.total ?? 0) } : {}),
  };
}
