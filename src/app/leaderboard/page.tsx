import type { Metadata } from "next";
import { isLeague } from "@/config";
import Link from "@/components/ui/link";
import { ChevronLeft, ChevronRight } from "@/components/ui/plain-icons";
import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";
import { LeagueSelect } from "@/components/leaderboard/league-select";
import { MyBoardRow } from "@/components/leaderboard/my-board-row";
import { SharedPage } from "@/components/shell/shared-page";
import { HydrateInSlices } from "@/components/ui/hydrate-in-slices";
import { getLeaderboardPage } from "@/server/leaderboards/get-leaderboard-page";
import { overallScopeKey, type LeaderboardPeriod } from "@/domain/leaderboard-scope";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Leaderboard" };

const PERIODS: Array<{ value: LeaderboardPeriod; label: string }> = [
  { value: "all", label: "All time" },
  { value: "today", label: "Today" },
  { value: "week", label: "This week" },
  { value: "season", label: "Season" },
];

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const NOBODY_SCORED: Record<LeaderboardPeriod, string> = {
  all: "No one has scored yet.",
  today: "No one has scored today yet.",
  week: "No one has scored this week yet.",
  season: "No one has scored this season yet.",
};

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

function href(params: { period: LeaderboardPeriod; league: string; page?: number }) {
  const query = new URLSearchParams();
  if (params.period !== "all") query.set("period", params.period);
  if (params.league) query.set("league", params.league);
  if (params.page && params.page > 1) query.set("page", String(params.page));
  const text = query.toString();
  return text ? `/leaderboard?${text}` : "/leaderboard";
}

/** All-takes leaderboard (docs/SCREENS.md §2.8): server-rendered from the maintained aggregates. */
export default async function LeaderboardPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const period = PERIODS.some((p) => p.value === one(params.period)) ? (one(params.period) as LeaderboardPeriod) : "all";
  const league = isLeague(one(params.league)) ? one(params.league) : "";
  const pageNumber = Math.max(1, Math.min(100_000, Number.parseInt(one(params.page), 10) || 1));
  // Rendered for everyone and served from the shared page cache; the viewer's own row is
  // marked or pinned by the browser (docs/decisions/025-shared-page-cache.md).
  const board = await getLeaderboardPage({
    scope: overallScopeKey({ league: league || null, period, now: new Date() }),
    page: pageNumber,
  });
  const apiQuery = new URLSearchParams({
    ...(league ? { scope: "league", key: league } : { scope: "all" }),
    period,
    page: String(board.page),
  }).toString();
  const periodLabel = PERIODS.find((p) => p.value === period)!.label;
  // Ranks mean something once someone has scored: a board whose leader has no points (a day
  // whose props are not graded yet) says so instead of ranking everyone 1st with 0 (issue 39).
  const nobodyScored = board.page === 1 && board.rows.length > 0 && board.rows[0]!.points <= 0;

  return (
    <div className="mx-auto max-w-3xl">
      <SharedPage />
      <h1 className="text-3xl font-extrabold tracking-tight">Leaderboard</h1>
      {/* League standings over packs, week by week (docs/decisions/062-league-standings.md): a plain link, no script. */}
      <p className="mt-1 text-sm">
        <Link href="/standings" className="font-semibold text-accent hover:underline">
          League standings and weekly winners
        </Link>
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <nav aria-label="Period">
          <ul className="flex rounded-full bg-surface p-1 shadow-sm">
            {PERIODS.map((option) => {
              const current = option.value === period;
              return (
                <li key={option.value} className="flex-1">
                  <Link
                    href={href({ period: option.value, league })}
                    aria-current={current ? "page" : undefined}
                    className={`flex min-h-11 items-center justify-center whitespace-nowrap rounded-full px-3 text-sm font-bold ${
                      current ? "bg-accent text-white" : "text-ink hover:bg-page"
                    }`}
                  >
                    {option.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <LeagueSelect value={league} />
      </div>

      <div className="mt-6">
        {board.rows.length === 0 ? (
          <p className="rounded-2xl bg-surface p-10 text-center text-muted shadow-sm">No participants yet. Be the first to make a take!</p>
        ) : nobodyScored ? (
          <p className="rounded-2xl bg-surface p-10 text-center text-muted shadow-sm">
            {NOBODY_SCORED[period]} The board fills in as props are graded.
          </p>
        ) : (
          <LeaderboardTable
            rows={board.rows}
            myRow={
              <HydrateInSlices>
                <MyBoardRow query={apiQuery} />
              </HydrateInSlices>
            }
            caption={`${periodLabel} leaderboard, ${league ? league.toUpperCase() : "all leagues"}, page ${board.page}`}
          />
        )}
      </div>

      {board.page > 1 || board.hasNext ? (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-2">
          {board.page > 1 ? (
            <Link
              href={href({ period, league, page: board.page - 1 })}
              className="inline-flex min-h-11 items-center gap-1 rounded-full border border-line bg-surface px-4 text-sm font-bold hover:bg-page"
            >
              <ChevronLeft size={16} aria-hidden="true" />
              Previous
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm font-semibold text-muted" aria-current="page">
            Page {board.page}
          </span>
          {board.hasNext ? (
            <Link
              href={href({ period, league, page: board.page + 1 })}
              className="inline-flex min-h-11 items-center gap-1 rounded-full border border-line bg-surface px-4 text-sm font-bold hover:bg-page"
            >
              Next
              <ChevronRight size={16} aria-hidden="true" />
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
