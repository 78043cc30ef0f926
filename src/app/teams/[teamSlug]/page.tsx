import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { DashboardMarketplace } from "@/components/packs/dashboard-marketplace";
import { FollowTeamButton } from "@/components/teams/follow-team-button";
import { TeamLeaderboard } from "@/components/teams/team-leaderboard";
import { TeamPackList } from "@/components/teams/team-pack-list";
import { HydrateInSlices } from "@/components/ui/hydrate-in-slices";
import { findTeaserItem } from "@/server/packs/find-teaser-item";
import { getTeamPage } from "@/server/teams/get-team-page";
import { PackFeed, type FeedParams } from "../../_feed/pack-feed";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ teamSlug: string }>; searchParams: Promise<FeedParams> };
// Metadata and page share one read per request.
const loadTeamPage = cache((teamSlug: string) => getTeamPage({ teamSlug }));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const data = await loadTeamPage((await params).teamSlug);
  return { title: data ? data.team.fullName : "Page not found" };
}

/**
 * `/teams/{teamSlug}` (docs/SCREENS.md §2.10), a home for the team's fans: the team and its follow
 * button over the Pack Feed of the team's packs (day bar, full cards with "Play this pack", the
 * pack-active prompt), and beside it the team's board by points, its marketplace item and its
 * recent results (issue 39 item 5).
 */
export default async function TeamPage({ params, searchParams }: Props) {
  const [{ teamSlug }, query] = await Promise.all([params, searchParams]);
  const data = await loadTeamPage(teamSlug);
  if (!data) notFound();
  const { team } = data;
  const teaser = await findTeaserItem({ teamSlug: team.routeSlug });
  // One clock for the whole render, so every chip agrees.
  const now = Date.now();
  return (
    // Nothing here is the viewer's: the follow button asks the browser (docs/decisions/025-shared-page-cache.md).
    <PackFeed
      params={query}
      basePath={`/teams/${encodeURIComponent(team.routeSlug)}`}
      team={{ slug: team.routeSlug, name: team.name }}
      defaultTab="all"
      title={
        <div className="flex flex-wrap items-center gap-3">
          {team.logoUrl ? (
            // eslint-disable-next-line @next/next/no-img-element -- logos from any host, shown whole
            <img src={team.logoUrl} alt="" width={48} height={48} className="h-12 w-12 object-contain" />
          ) : null}
          <div className="min-w-0">
            <h1 className="text-3xl font-extrabold tracking-tight">{team.name}</h1>
            <p className="text-sm text-muted">
              {team.fullName} · {team.league.toUpperCase()} · Team feed
            </p>
          </div>
          <div className="sm:ml-4">
            <FollowTeamButton teamSlug={team.routeSlug} teamName={team.name} />
          </div>
        </div>
      }
      aside={
        <>
          <TeamLeaderboard data={data.leaderboard} teamName={team.name} />
          <HydrateInSlices>
            <DashboardMarketplace
              item={teaser}
              seeAllHref={`/marketplace?teamSlug=${encodeURIComponent(team.routeSlug)}`}
              // By name: teams of two leagues share abbreviations (PHI: the Eagles and the Phillies).
              intro={`Make ${team.name} takes to win prizes in the team marketplace.`}
            />
          </HydrateInSlices>
          <section aria-labelledby="team-results">
            <h2 id="team-results" className="mb-3 text-lg font-extrabold">
              Recent results
            </h2>
            <TeamPackList packs={data.recentResults} now={now} emptyText="No graded packs yet." />
          </section>
        </>
      }
    />
  );
}
