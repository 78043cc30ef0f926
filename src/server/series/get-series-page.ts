import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { seriesScopeKey } from "@/domain/leaderboard-scope";
import { getLeaderboardPage, type LeaderboardPage } from "@/server/leaderboards/get-leaderboard-page";
import { LISTED_PACKS_PAGE, readListedPackPage } from "@/server/contests/contest-pack";
import type { ListedPack } from "@/domain/views";
import { getReadDb } from "@/server/db/client";
import type { CollectionPageRequest } from "@/server/collections/collection";
import { follows, series, teams } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";

export interface SeriesPage {
  series: {
    id: string;
    slug: string;
    title: string;
    summary: string | null;
    coverUrl: string | null;
    team: { slug: string; name: string } | null;
  };
  /** Every current pack, then past ones up to `packLimit` cards in all, each part in the series' own order. */
  packs: ListedPack[];
  /** Every public pack of the series, shown or not. */
  packCount: number;
  leaderboard: Omit<LeaderboardPage, "scope">;
  /** Whether the viewer follows the series (false for visitors). */
  following: boolean;
}

/**
 * A series page (`/series/{slug}`): its public packs in order (the first
 * `packLimit` cards, every current one included), one page of its
 * leaderboard over those packs' current takes (the ranking rules of every
 * leaderboard) and whether the viewer follows it.
 */
export async function getSeriesPage(options: CollectionPageRequest & { slug: string }): Promise<SeriesPage> {
  const db = options.db ?? (await getReadDb());
  const now = options.now ?? new Date();
  const [found] = await db
    .select({
      id: series.id,
      slug: series.slug,
      title: series.title,
      summary: series.summary,
      coverUrl: series.coverUrl,
      teamSlug: teams.slug,
      teamName: teams.fullName,
    })
    .from(series)
    .leftJoin(teams, eq(teams.id, series.teamId))
    .where(eq(series.slug, options.slug.toLowerCase()))
    .limit(1);
  if (!found) throw new AppError("NOT_FOUND", "Series not found.");

  const { packs, total: packCount } = await readListedPackPage(db, {
    membership: sql`select sp.pack_id, sp.position from series_packs sp where sp.series_id = ${found.id}::uuid`,
    order: "series",
    limit: options.packLimit ?? LISTED_PACKS_PAGE,
    now,
  });

  // The series board is a maintained leaderboard scope (series:{id}, kept by the queue drain and
  // recounted when the series' packs change): a page of it, not a sum over every take of the series.
  const board = await getLeaderboardPage({
    scope: seriesScopeKey(found.id),
    page: options.page,
    viewerProfileId: options.viewerProfileId,
    db,
  });
  const { scope: _scope, ...leaderboard } = board;

  let following = false;
  if (options.viewerProfileId) {
    const [row] = await db
      .select({ id: follows.id })
      .from(follows)
      .where(and(eq(follows.profileId, options.viewerProfileId), eq(follows.seriesId, found.id)))
      .limit(1);
    following = Boolean(row);
  }

  return {
    series: {
      id: found.id,
      slug: found.slug,
      title: found.title,
      summary: found.summary,
      coverUrl: found.coverUrl,
      team: found.teamSlug && found.teamName ? { slug: found.teamSlug, name: found.teamName } : null,
    },
    packs,
    packCount,
    leaderboard,
    following,
  };
}
