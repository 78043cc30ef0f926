import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { FollowSeriesButton } from "@/components/series/follow-series-button";
import { readPageSession } from "@/server/auth/read-page-session";
import { getSeriesPage } from "@/server/series/get-series-page";
import { CollectionCover, CollectionLeaderboard, CollectionPacks, collectionPaging, notFoundOn404 } from "@/app/contests/collection-page";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<{ page?: string; show?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const page = await getSeriesPage({ slug }).catch(() => null);
  return { title: page?.series.title ?? "Series", description: page?.series.summary ?? undefined };
}

/** `/series/{slug}`: a series' packs in order, its leaderboard, and a follow button. */
export default async function SeriesPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const query = await searchParams;
  const { pageNumber, packLimit, linksOf } = collectionPaging(query);
  const viewer = await readPageSession();
  const data = await getSeriesPage({ slug, page: pageNumber, packLimit, viewerProfileId: viewer?.profileId ?? null }).catch(notFoundOn404);
  const { series, packs, packCount, leaderboard, following } = data;
  const href = linksOf(`/series/${series.slug}`);

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <CollectionCover src={series.coverUrl} kind="series" />
        <div className="flex-1">
          <p className="text-xs font-bold uppercase tracking-wide text-muted">Series</p>
          <h1 className="text-3xl font-extrabold tracking-tight">{series.title}</h1>
          {series.team ? (
            <Link href={`/teams/${series.team.slug}`} className="text-sm font-semibold text-accent hover:underline">
              {series.team.name}
            </Link>
          ) : null}
        </div>
        <FollowSeriesButton seriesId={series.id} seriesSlug={series.slug} initiallyFollowing={following} />
      </header>
      {series.summary ? <p className="max-w-2xl text-muted">{series.summary}</p> : null}
      <div className="grid gap-8 lg:grid-cols-2">
        <CollectionPacks
          heading="Packs in this Series"
          packs={packs}
          packCount={packCount}
          emptyText="No packs in this series yet."
          href={href}
        />
        <section className="flex flex-col gap-4">
          <CollectionLeaderboard
            name="Series Leaderboard"
            board={leaderboard}
            href={href}
            emptyText="No participants yet. Be the first to make a take!"
          />
        </section>
      </div>
    </div>
  );
}
