import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { ListedPackCards } from "@/components/contests/listed-pack-cards";
import { PagedLeaderboard } from "@/components/contests/paged-leaderboard";
import { ShowMorePacks, shownCount } from "@/components/packs/show-more-packs";
import { FollowSeriesButton } from "@/components/series/follow-series-button";
import { readPageSession } from "@/server/auth/read-page-session";
import { LISTED_PACKS_MAX, LISTED_PACKS_PAGE } from "@/server/contests/contest-pack";
import { AppError } from "@/server/http/app-error";
import { getSeriesPage } from "@/server/series/get-series-page";

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
  const requested = Number(query.page ?? "1");
  const pageNumber = Number.isInteger(requested) && requested > 0 && requested < 10_000 ? requested : 1;
  // A page of pack cards at a time, "Show more" for the next: a season-long series holds hundreds of
  // packs (docs/decisions/024-season-scale.md). Its current packs are always listed.
  const packLimit = shownCount(query.show, LISTED_PACKS_PAGE, LISTED_PACKS_MAX);
  const viewer = await readPageSession();
  const data = await getSeriesPage({ slug, page: pageNumber, packLimit, viewerProfileId: viewer?.profileId ?? null }).catch(
    (error: unknown) => {
      if (error instanceof AppError && error.status === 404) notFound();
      throw error;
    },
  );
  const { series, packs, packCount, leaderboard, following } = data;
  const href = (changes: { page?: number; show?: number }) => {
    const next = new URLSearchParams();
    const page = changes.page ?? pageNumber;
    const show = changes.show ?? (packLimit > LISTED_PACKS_PAGE ? packLimit : null);
    if (page > 1) next.set("page", String(page));
    if (show) next.set("show", String(show));
    const search = next.toString();
    return `/series/${series.slug}${search ? `?${search}` : ""}`;
  };

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="h-16 w-16 shrink-0 overflow-hidden rounded-xl bg-page">
          {series.coverUrl ? (
            // eslint-disable-next-line @next/next/no-img-element -- covers are plain remote images
            <img src={series.coverUrl} alt="" className="h-full w-full object-contain" />
          ) : null}
        </div>
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
        <section className="flex flex-col gap-4">
          <h2 className="text-xl font-extrabold tracking-tight">Packs in this Series</h2>
          <ListedPackCards packs={packs} emptyText="No packs in this series yet." />
          <ShowMorePacks shown={packs.length} total={packCount} href={href({ show: packs.length + LISTED_PACKS_PAGE })} />
        </section>
        <section className="flex flex-col gap-4">
          <h2 className="text-xl font-extrabold tracking-tight">Series Leaderboard</h2>
          <PagedLeaderboard
            caption="Series Leaderboard"
            board={leaderboard}
            pageHref={(page) => href({ page })}
            emptyText="No participants yet. Be the first to make a take!"
          />
        </section>
      </div>
    </div>
  );
}
