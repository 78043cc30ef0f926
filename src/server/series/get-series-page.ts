import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { readStandingsPage, type StandingsPage } from "./pack-set-standings";
import { readListedPacks, type ListedPack } from "@/server/contests/contest-pack";
import { getReadDb, type DbOrTx } from "@/server/db/client";
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
  /** In the series' own order. */
  packs: ListedPack[];
  leaderboard: StandingsPage;
  /** Whether the viewer follows the series (false for visitors). */
  following: boolean;
}

/**
 * A series page (`/series/{slug}`): its public packs in order, one page of its
 * leaderboard over those packs' current takes (the ranking rules of every
 * leaderboard) and whether the viewer follows it.
 */
export async function getSeriesPage(options: {
  slug: string;
  viewerProfileId?: string | null;
  page?: number;
  now?: Date;
  db?: DbOrTx;
}): Promise<SeriesPage> {
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

  const packs = await readListedPacks(db, sql`select sp.pack_id, sp.position from series_packs sp where sp.series_id = ${found.id}::uuid`, now);
  packs.sort((a, b) => a.position - b.position || (Date.parse(a.closeTime ?? "") || 0) - (Date.parse(b.closeTime ?? "") || 0));

  const leaderboard = await readStandingsPage({
    db,
    packs: sql`select sp.series_id as group_key, sp.pack_id
               from series_packs sp join packs p on p.id = sp.pack_id
               where sp.series_id = ${found.id}::uuid and p.status not in ('draft', 'archived')`,
    page: options.page,
    viewerProfileId: options.viewerProfileId,
  });

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
    packs: packs.map(({ position: _position, ...pack }) => pack),
    leaderboard,
    following,
  };
}
