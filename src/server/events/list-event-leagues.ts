import "server-only";
import { LEAGUE_LABELS, SUPPORTED_LEAGUES, type League } from "@/config";
import { resolveNflWeekRanges, type NflWeekRange } from "./nfl-week-ranges";

/** The leagues events can be listed for and, with a season, that NFL season's week ranges. */
export async function listEventLeagues(input: { season?: number } = {}): Promise<{
  leagues: Array<{ value: League; label: string }>;
  nflWeeks?: NflWeekRange[];
}> {
  const leagues = SUPPORTED_LEAGUES.map((value) => ({ value, label: LEAGUE_LABELS[value] }));
  if (input.season === undefined) return { leagues };
  return { leagues, nflWeeks: await resolveNflWeekRanges({ season: input.season }) };
}
