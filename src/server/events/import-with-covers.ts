import "server-only";
import type { League } from "@/config";
import type { EspnClient } from "@/server/integrations/espn/client";
import type { ParsedScoreboard } from "@/server/integrations/espn/parse-scoreboard";
import { espnFailure } from "./espn-errors";
import type { CoverResult, FetchEventsResult } from "@/domain/schemas/events";
import { generateEventCover } from "./generate-event-cover";
import { importGames } from "./import-games";

/** Shared tail of the NFL and MLB imports: read the scoreboard, upsert, then (optionally) make covers one by one. */
export async function importScoreboard(input: {
  league: League;
  load: () => Promise<ParsedScoreboard>;
  source: Record<string, unknown>;
  generateCovers: boolean;
  actorProfileId: string;
  espn?: EspnClient;
  onScoreboard?: (board: ParsedScoreboard) => void;
}): Promise<FetchEventsResult> {
  let board: ParsedScoreboard;
  try {
    board = await input.load();
  } catch (error) {
    throw espnFailure(error, "Failed to fetch events");
  }
  input.onScoreboard?.(board);
  const imported = await importGames({
    league: input.league,
    games: board.games,
    actorProfileId: input.actorProfileId,
    source: { ...input.source, skipped: board.skipped.length ? board.skipped : undefined },
    espn: input.espn,
  });
  const coverResults: CoverResult[] = [];
  if (input.generateCovers) {
    for (const eventId of imported.eventIds) {
      coverResults.push(await generateEventCover({ eventId, actorProfileId: input.actorProfileId }));
    }
  }
  return { ...imported, coverResults };
}
