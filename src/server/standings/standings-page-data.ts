import "server-only";
import { isDay } from "@/domain/standings";
import { getStandingsView, getWeeklyWinnersView, type StandingsRequest } from "./get-standings-view";

export const STANDINGS_PAGE_ROWS = 50;

type SearchParams = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

/** The page number and week a standings page was asked for (anything unreadable: page 1, the whole season). */
export function readStandingsParams(params: SearchParams): { page: number; week: string | undefined } {
  const page = Math.max(1, Math.min(100_000, Number.parseInt(one(params.page), 10) || 1));
  const week = isDay(one(params.week)) ? one(params.week) : undefined;
  return { page, week };
}

/** Everything a standings page draws: the week's or season's page of rows, the weeks, and (on the season's page) their winners. */
export async function loadStandingsPage(request: StandingsRequest & { page: number; viewerProfileId: string | null }) {
  const { page, viewerProfileId, ...set } = request;
  const [standings, history] = await Promise.all([
    getStandingsView({ ...set, after: (page - 1) * STANDINGS_PAGE_ROWS, limit: STANDINGS_PAGE_ROWS, viewerProfileId }),
    // The winner history is drawn on the whole season's page; a week's page needs only the week tabs.
    getWeeklyWinnersView({ league: set.league, season: set.season, contest: set.contest }, { winners: !set.week }),
  ]);
  return { standings, weeks: history.weeks };
}
