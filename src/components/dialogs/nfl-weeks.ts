"use client";

import { useApiQuery } from "@/components/api/use-api-query";
import { ZEventLeaguesAnswer, type NflWeekRange } from "@/domain/schemas/events";

const NONE: NflWeekRange[] = [];

/**
 * ESPN's NFL weeks for `season` (null: no NFL season asked about), as the commissioner's event and
 * slate dialogs pick "Week" by them (docs/SCREENS.md §4.7). Until they come, or if they do not, no
 * weeks: the dialogs reckon a week's dates themselves (nflWeekRange). Another season keeps the
 * last one's weeks on screen until its own come.
 */
export function useNflWeeks(season: number | null): NflWeekRange[] {
  const read = useApiQuery(season === null ? null : `/api/admin/eventLeagues?season=${season}`, {
    schema: ZEventLeaguesAnswer,
    keepPrevious: true,
  });
  return (read.state.status === "ready" && read.state.data.nflWeeks) || NONE;
}
