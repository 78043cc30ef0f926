import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { MembersLocked } from "@/components/contests/members-locked";
import { PageLinks, StandingsTable, TabLinks, WeeklyWinners } from "@/components/standings/standings-view";
import { readPageMembersGate } from "@/server/members/read-page-members-gate";
import { readPageSession } from "@/server/auth/read-page-session";
import { loadStandingsPage, readStandingsParams, STANDINGS_PAGE_ROWS } from "@/server/standings/standings-page-data";
import { notFoundOn404 } from "../../collection-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Contest standings" };

type Props = { params: Promise<{ contestID: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * `/contests/{contestID}/standings` (docs/SCREENS.md §2.7a): the contest's standings over its packs,
 * whole or one week, with the contest's tie-break order and its weekly winners
 * (docs/decisions/062-league-standings.md). Behind the members gate, as the contest is.
 */
export default async function ContestStandingsPage({ params, searchParams }: Props) {
  const gate = await readPageMembersGate();
  if (!gate.hasAccess) return <MembersLocked />;
  const { contestID } = await params;
  const { page, week } = readStandingsParams(await searchParams);
  const viewer = await readPageSession();
  const { standings, weeks } = await loadStandingsPage({
    contest: contestID,
    week,
    page,
    viewerProfileId: viewer?.profileId ?? null,
  }).catch(notFoundOn404);
  const base = `/contests/${encodeURIComponent(standings.contestID ?? contestID)}/standings`;
  const href = (options: { week?: string; page?: number }) => {
    const query = new URLSearchParams();
    if (options.week) query.set("week", options.week);
    if (options.page && options.page > 1) query.set("page", String(options.page));
    const text = query.toString();
    return text ? `${base}?${text}` : base;
  };
  const weekLabel = week ? (weeks.find((w) => w.weekStart === week)?.label ?? `Week of ${week}`) : null;

  return (
    <div className="mx-auto max-w-3xl">
      <p className="text-sm text-muted">
        <Link href={`/contests/${encodeURIComponent(standings.contestID ?? contestID)}`} className="hover:underline">
          {standings.title}
        </Link>
      </p>
      <h1 className="text-3xl font-extrabold tracking-tight">Standings</h1>
      <div className="mt-4">
        <TabLinks
          label="Week"
          tabs={[
            { label: "Whole contest", href: href({}), current: !week },
            ...[...weeks].reverse().map((w) => ({ label: w.label, href: href({ week: w.weekStart }), current: w.weekStart === week })),
          ]}
        />
      </div>
      <div className="mt-6">
        {standings.total === 0 ? (
          <p className="rounded-2xl bg-surface p-10 text-center text-muted shadow-sm">
            No picks in {weekLabel ? "this week's" : "this contest's"} packs yet.
          </p>
        ) : (
          <StandingsTable
            rows={standings.rows}
            me={standings.me}
            caption={`Standings, ${standings.title}${weekLabel ? `, ${weekLabel}` : ""}, page ${page}`}
            tieBreakWords={standings.tieBreakWords}
          />
        )}
      </div>
      <PageLinks
        page={page}
        previous={page > 1 ? href({ week, page: page - 1 }) : null}
        next={standings.total > page * STANDINGS_PAGE_ROWS ? href({ week, page: page + 1 }) : null}
      />
      {week ? null : <WeeklyWinners weeks={weeks} weekHref={(weekStart) => href({ week: weekStart })} />}
    </div>
  );
}
