import "server-only";
import { getEspnClient, type EspnClient } from "@/server/integrations/espn/client";
import type { FetchEventsResult } from "@/domain/schemas/events";
import { importScoreboard } from "./import-with-covers";

/**
 * Imports one day of MLB games from ESPN (`dates=YYYYMMDD`): events upserted
 * by ESPN id with teams linked, optionally with generated covers.
 */
export async function fetchMlbEvents(input: {
  /** YYYYMMDD. */
  date: string;
  generateCovers: boolean;
  actorProfileId: string;
  espn?: EspnClient;
}): Promise<FetchEventsResult> {
  const espn = input.espn ?? getEspnClient();
  return importScoreboard({
    league: "mlb",
    load: () => espn.dateScoreboard("mlb", input.date),
    source: { query: "mlbDate", date: input.date },
    generateCovers: input.generateCovers,
    actorProfileId: input.actorProfileId,
    espn,
  });
}
