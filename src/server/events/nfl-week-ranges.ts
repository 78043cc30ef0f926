import "server-only";
import { NFL_MAX_WEEK, nflWeekRange } from "@/domain/nfl-weeks";
import type { NflWeekRange } from "@/domain/schemas/events";
import { getEspnClient, type EspnClient } from "@/server/integrations/espn/client";
import type { NflCalendarWeek } from "@/server/integrations/espn/calendar";
import { log } from "@/server/ops/log";

interface CachedCalendar {
  weeks: NflCalendarWeek[];
  expiresAt: number;
}

declare global {
  var __takesNflCalendars: Map<number, CachedCalendar> | undefined;
}

const calendars = (): Map<number, CachedCalendar> => (globalThis.__takesNflCalendars ??= new Map());
const HIT_TTL_MS = 12 * 60 * 60_000;
const MISS_TTL_MS = 5 * 60_000;
const REGULAR_SEASON = 2;

/** Keeps the calendar a scoreboard carried, so later week lookups need no extra call. */
export function rememberNflCalendar(seasonYear: number | null, weeks: NflCalendarWeek[], now = Date.now()): void {
  if (seasonYear === null || weeks.length === 0) return;
  calendars().set(seasonYear, { weeks, expiresAt: now + HIT_TTL_MS });
}

export function forgetNflCalendars(): void {
  calendars().clear();
}

/**
 * Weeks 1–22 of an NFL season as New York day ranges: ESPN's own calendar
 * wins for every regular-season week it lists (docs/PRODUCT.md §11); the rest follow
 * the computed rule (week 1 on the Thursday after Labor Day, 7 days each).
 * ESPN is asked once per season (short timeout, no retries) and cached; when it
 * cannot answer, the computed weeks are used.
 */
export async function resolveNflWeekRanges(input: { season: number; espn?: EspnClient; now?: number }): Promise<NflWeekRange[]> {
  const now = input.now ?? Date.now();
  let cached = calendars().get(input.season);
  if (!cached || cached.expiresAt <= now) {
    const espn = input.espn ?? getEspnClient({ timeoutMs: 3_000, retries: 0 });
    try {
      const board = await espn.nflWeekScoreboard(input.season, 1);
      const weeks = board.calendarSeasonYear === input.season ? board.calendarWeeks : [];
      cached = { weeks, expiresAt: now + (weeks.length ? HIT_TTL_MS : MISS_TTL_MS) };
    } catch (error) {
      log("warn", "nfl calendar unavailable; using computed weeks", {
        season: input.season,
        error: error instanceof Error ? error.message : String(error),
      });
      cached = { weeks: [], expiresAt: now + MISS_TTL_MS };
    }
    calendars().set(input.season, cached);
  }
  const fromEspn = new Map(cached.weeks.filter((week) => week.seasonType === REGULAR_SEASON).map((week) => [week.week, week]));
  return Array.from({ length: NFL_MAX_WEEK }, (_, index) => {
    const week = index + 1;
    const espnWeek = fromEspn.get(week);
    if (espnWeek) return { week, start: espnWeek.start, end: espnWeek.end, source: "espn" as const };
    const computed = nflWeekRange(input.season, week);
    return { week, start: computed.start, end: computed.end, source: "computed" as const };
  });
}
