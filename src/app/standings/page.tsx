import type { Metadata } from "next";
import { isLeague, LEAGUE_LABELS, SUPPORTED_LEAGUES, type League } from "@/config";
import { PageLinks, StandingsTable, TabLinks, WeeklyWinners } from "@/components/standings/standings-view";
import { readPageSession } from "@/server/auth/read-page-session";
import { loadStandingsPage, readStandingsParams, STANDINGS_PAGE_ROWS } from "@/server/standings/standings-page-data";
import { seasonYearOf } from "@/domain/leaderboard-scope";
import { nyDay } from "@/domain/time";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Standings" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

function href(params: { league: League; season: number; week?: string; page?: number }) {
  const query = new URLSearchParams({ league: params.league, season: String(params.season) });
  if (params.week) query.set("week", params.week);
  if (params.page && params.page > 1) query.set("page", String(params.page));
  return `/standings?${query}`;
}

/**
 * `/standings` (docs/SCREENS.md §2.8a): a league season's standings over its packs, the whole
 * season or one week, with the commissioner's tie-break order and the weekly winners
 * (docs/decisions/062-league-standings.md). Server-rendered: links and tables, no script.
 */
export default async function StandingsPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const league: League = isLeague(one(params.league)) ? (one(params.league) as League) : "nfl";
  const thisSeason = seasonYearOf(nyDay(new Date()));
  const asked = Number.parseInt(one(params.season), 10);
  const season = asked >= 2000 && asked <= thisSeason + 1 ? asked : thisSeason;
  const { page, week: askedWeek } = readStandingsParams(params);
  const viewer = await readPageSession();
  const { standings, weeks } = await loadStandingsPage({
    league,
    season,
    week: askedWeek,
    page,
    viewerProfileId: viewer?.profileId ?? null,
  });
  // Any day of a week names it: the answer says the week's first day.
  const week = standings.week ?? undefined;
  const weekLabel = week ? (weeks.find((w) => w.weekStart === week)?.label ?? `Week of ${week}`) : null;
  const scoped = `${LEAGUE_LABELS[league]} ${season}${weekLabel ? `, ${weekLabel}` : ", season"}`;

  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-extrabold tracking-tight">Standings</h1>
      <p className="mt-1 text-muted">Every pack of the league counts: the whole season, or one week at a time.</p>
      <div className="mt-4 flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <TabLinks
            label="League"
            tabs={SUPPORTED_LEAGUES.map((l) => ({ label: LEAGUE_LABELS[l], href: href({ league: l, season }), current: l === league }))}
          />
          <TabLinks
            label="Season"
            tabs={[season - 1, season, ...(season < thisSeason ? [season + 1] : [])].map((s) => ({
              label: String(s),
              href: href({ league, season: s }),
              current: s === season,
            }))}
          />
        </div>
        <TabLinks
          label="Week"
          tabs={[
            { label: "Season", href: href({ league, season }), current: !week },
            ...[...weeks]
              .reverse()
              .map((w) => ({ label: w.label, href: href({ league, season, week: w.weekStart }), current: w.weekStart === week })),
          ]}
        />
      </div>

      <h2 className="mt-6 text-xl font-extrabold tracking-tight">{scoped}</h2>
      <div className="mt-3">
        {standings.total === 0 ? (
          <p className="rounded-2xl bg-surface p-10 text-center text-muted shadow-sm">
            No picks in {weekLabel ? "this week's" : "this season's"} {LEAGUE_LABELS[league]} packs yet.
          </p>
        ) : (
          <StandingsTable
            rows={standings.rows}
            me={standings.me}
            caption={`Standings, ${scoped}, page ${page}`}
            tieBreakWords={standings.tieBreakWords}
          />
        )}
      </div>
      <PageLinks
        page={page}
        previous={page > 1 ? href({ league, season, week, page: page - 1 }) : null}
        next={standings.total > page * STANDINGS_PAGE_ROWS ? href({ league, season, week, page: page + 1 }) : null}
      />
      {week ? null : <WeeklyWinners weeks={weeks} weekHref={(weekStart) => href({ league, season, week: weekStart })} />}
    </div>
  );
}
