import "server-only";
import { getEspnClient, type EspnClient } from "@/server/integrations/espn/client";
import type { FetchEventsResult } from "@/domain/schemas/events";
import { importScoreboard } from "./import-with-covers";
import { rememberNflCalendar } from "./nfl-week-ranges";

/**
 * Imports an NFL regular-season week from ESPN (`dates={year}&seasontype=2&week={n}`):
 * events upserted by ESPN id with teams linked, optionally with generated covers.
 * ESPN's season calendar in the answer is kept for week ranges.
 */
export async function fetchNflEvents(input: {
  year: number;
  week: number;
  generateCovers: boolean;
  actorProfileId: string;
  espn?: EspnClient;
}): Promise<FetchEventsResult> {
  const espn = input.espn ?? getEspnClient();
  return importScoreboard({
    league: "nfl",
    load: () => espn.nflWeekScoreboard(input.year, input.week),
    source: { query: "nflWeek", year: input.year, week: input.week },
    generateCovers: input.generateCovers,
    actorProfileId: input.actorProfileId,
    espn,
    onScoreboard: (board) => rememberNflCalendar(board.calendarSeasonYear, board.calendarWeeks),
  });
}
