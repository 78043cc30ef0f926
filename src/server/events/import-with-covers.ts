import "server-only";
import type { League } from "@/config";
import { getEspnClient, type EspnClient } from "@/server/integrations/espn/client";
import type { ParsedScoreboard } from "@/server/integrations/espn/parse-scoreboard";
import { espnFailure } from "./espn-errors";
import type { CoverResult, FetchEventsResult } from "@/domain/schemas/events";
import { generateEventCover } from "./generate-event-cover";
import { importGames } from "./import-games";

/** What an admin's import of a scoreboard asks, whichever league: covers or not, who, and the ESPN client (a test's). */
export interface ScoreboardImportRequest {
  generateCovers: boolean;
  actorProfileId: string;
  espn?: EspnClient;
}

/**
 * The NFL and MLB imports, which differ only in the scoreboard they `load` and what they
 * note of it: read the scoreboard, upsert, then (optionally) make covers one by one.
 */
export async function importScoreboard(
  input: ScoreboardImportRequest,
  scoreboard: {
    league: League;
    load: (espn: EspnClient) => Promise<ParsedScoreboard>;
    source: Record<string, unknown>;
    /** What the admin asked, for a failure's words: "Importing NFL 2025 week 14". */
    what: string;
    onScoreboard?: (board: ParsedScoreboard) => void;
  },
): Promise<FetchEventsResult> {
  const espn = input.espn ?? getEspnClient();
  let board: ParsedScoreboard;
  try {
    board = await scoreboard.load(espn);
  } catch (error) {
    throw espnFailure(error, scoreboard.what, "ESPN's answer was not a scoreboard");
  }
  scoreboard.onScoreboard?.(board);
  const imported = await importGames({
    league: scoreboard.league,
    games: board.games,
    actorProfileId: input.actorProfileId,
    source: { ...scoreboard.source, skipped: board.skipped.length ? board.skipped : undefined },
    espn,
  });
  const coverResults: CoverResult[] = [];
  if (input.generateCovers) {
    for (const eventId of imported.eventIds) {
      coverResults.push(await generateEventCover({ eventId, actorProfileId: input.actorProfileId }));
    }
  }
  return { ...imported, coverResults };
}
