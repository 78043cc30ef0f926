import "server-only";
import type { FetchEventsResult } from "@/domain/schemas/events";
import { importScoreboard, type ScoreboardImportRequest } from "./import-with-covers";
import { rememberNflCalendar } from "./nfl-week-ranges";

/**
 * Imports an NFL regular-season week from ESPN (`dates={year}&seasontype=2&week={n}`):
 * events upserted by ESPN id with teams linked, optionally with generated covers.
 * ESPN's season calendar in the answer is kept for week ranges.
 */
export async function fetchNflEvents(input: ScoreboardImportRequest & { year: number; week: number }): Promise<FetchEventsResult> {
  return importScoreboard(input, {
    league: "nfl",
    load: (espn) => espn.nflWeekScoreboard(input.year, input.week),
    source: { query: "nflWeek", year: input.year, week: input.week },
    what: `Importing NFL ${input.year} week ${input.week}`,
    onScoreboard: (board) => rememberNflCalendar(board.calendarSeasonYear, board.calendarWeeks),
  });
}
