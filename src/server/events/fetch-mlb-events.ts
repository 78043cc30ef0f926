import "server-only";
import type { FetchEventsResult } from "@/domain/schemas/events";
import { importScoreboard, type ScoreboardImportRequest } from "./import-with-covers";

/**
 * Imports one day of MLB games from ESPN (`dates=YYYYMMDD`): events upserted
 * by ESPN id with teams linked, optionally with generated covers.
 */
export async function fetchMlbEvents(
  input: ScoreboardImportRequest & {
    /** YYYYMMDD. */
    date: string;
  },
): Promise<FetchEventsResult> {
  return importScoreboard(input, {
    league: "mlb",
    load: (espn) => espn.dateScoreboard("mlb", input.date),
    source: { query: "mlbDate", date: input.date },
    what: `Importing MLB games of ${input.date.slice(0, 4)}-${input.date.slice(4, 6)}-${input.date.slice(6, 8)}`,
  });
}
