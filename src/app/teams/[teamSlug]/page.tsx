import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { SharedPage } from "@/components/shell/shared-page";
import { FollowTeamButton } from "@/components/teams/follow-team-button";
import { TeamLeaderboard } from "@/components/teams/team-leaderboard";
import { TeamPackList } from "@/components/teams/team-pack-list";
import { getTeamPage } from "@/server/teams/get-team-page";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ teamSlug: string }> };
// Metadata and page share one read per request.
const loadTeamPage = cache((teamSlug: string) => getTeamPage({ teamSlug }));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const data = await loadTeamPage((await params).teamSlug);
  return { title: data ? data.team.fullName : "Page not found" };
}

/** `/teams/{teamSlug}` (docs/SCREENS.md §2.10): follow, the team's packs, recent results, leaderboard and marketplace. */
export default async function TeamPage({ params }: Props) {
  const data = await loadTeamPage((await params).teamSlug);
  if (!data) notFound();
  const { team } = data;
  // One clock for the whole render, so every chip agrees.
  const now = Date.now();
  return (
    <div>
      {/* Nothing here is the viewer's: the follow button asks the browser (docs/decisions/025-shared-page-cache.md). */}
      <SharedPage />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-center gap-3">
          {team.logoUrl ? (
            // eslint-disable-next-line @next/next/no-img-element -- logos from any host, shown whole
            <img src={team.logoUrl} alt="" width={40} height={40} className="h-10 w-10 object-contain" />
          ) : null}
          <div>
            <p className="font-bold">{team.fullName}</p>
            <p className="text-xs font-bold uppercase tracking-wide text-muted">{team.league}</p>
          </div>
        </div>
        <FollowTeamButton teamSlug={team.routeSlug} teamName={team.name} />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <div className="flex items-center gap-3">
            {team.logoUrl ? (
              // eslint-disable-next-line @next/next/no-img-element -- logos from any host, shown whole
              <img src={team.logoUrl} alt="" width={48} height={48} className="h-12 w-12 object-contain" />
            ) : null}
            <div>
              <h1 className="text-3xl font-extrabold tracking-tight">{team.name}</h1>
              <p className="text-muted">Team feed</p>
            </div>
          </div>
          <section aria-labelledby="team-packs" className="mt-4">
            <h2 id="team-packs" className="mb-3 text-xl font-extrabold">
              Packs
            </h2>
            <TeamPackList packs={data.packs} now={now} emptyText={`No packs found for team: ${team.name}`} />
          </section>
          <section aria-labelledby="team-results" className="mt-8">
            <h2 id="team-results" className="mb-3 text-xl font-extrabold">
              Recent results
            </h2>
            <TeamPackList packs={data.recentResults} now={now} emptyText="No graded packs yet." />
          </section>
        </div>
        <aside className="space-y-6 lg:sticky lg:top-16 lg:self-start">
          <TeamLeaderboard data={data.leaderboard} />
          <section aria-labelledby="team-marketplace" className="rounded-2xl bg-surface p-4 shadow-sm">
            <div className="flex items-center justify-between">
              <h2 id="team-marketplace" className="text-lg font-extrabold">
                Marketplace
              </h2>
              <Link
                href={`/marketplace?teamSlug=${encodeURIComponent(team.routeSlug)}`}
                className="text-sm font-semibold text-accent hover:underline"
              >
                See all
              </Link>
            </div>
            <p className="mt-2 text-sm text-muted">{`Make ${team.abbreviation} takes to win prizes in the team marketplace.`}</p>
          </section>
        </aside>
      </div>
    </div>
  );
}
