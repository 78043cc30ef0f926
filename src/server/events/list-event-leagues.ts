import "server-only";
import { LEAGUE_LABELS, SUPPORTED_LEAGUES } from "@/config";
import type { EventLeagues } from "@/domain/schemas/events";
import { resolveNflWeekRanges } from "./nfl-week-ranges";

/** The leagues events can be listed for and, with a season, that NFL season's week ranges. */
export async function listEventLeagues(input: { season?: number } = {}): Promise<EventLeagues> {
  const leagues = SUPPORTED_LEAGUES.map((value) => ({ value, label: LEAGUE_LABELS[value] }));
  if (input.season === undefined) return { leagues };
  return { leagues, nflWeeks: await resolveNflWeekRanges({ season: input.season }) };
}
