import "server-only";
import { sql } from "drizzle-orm";
import type { League } from "@/config";
import type { LiveState } from "@/domain/live";
import type { LivePanel } from "@/domain/live-panel";
import { serverEnv } from "@/env";
import { getReadDb, queryRows, type DbOrTx } from "@/server/db/client";
import { inLiveWindow } from "./poll-live-games";

/** Bounds of the panel: games in their window, league-days, prop labels per game. */
export const LIVE_PANEL_GAMES = 40;
export const LIVE_PANEL_POLLS = 12;
export const LIVE_PANEL_LABELS = 5;

/**
 * The admin's live panel on /admin (docs/decisions/053-game-day-live.md): the games the live
 * poller is watching (the same live window), each with its last reading and the rule props its
 * final will grade; the latest league-days it read or tried, with their ESPN errors and backoff.
 * Three bounded queries; nothing here asks ESPN.
 */
export async function readAdminLivePanel(input: { now?: Date; db?: DbOrTx } = {}): Promise<LivePanel> {
  const now = input.now ?? new Date();
  const db = input.db ?? (await getReadDb());
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  const [games, polls] = await Promise.all([
    queryRows<{
      eventId: string;
      league: League;
      shortName: string | null;
      title: string;
      home: string | null;
      away: string | null;
      startTime: Date | string;
      state: LiveState | null;
      detail: string | null;
      period: number | null;
      clock: string | null;
      homeScore: number | null;
      awayScore: number | null;
      readAt: Date | string | null;
      version: number | string | null;
      propCount: number;
      labels: string[] | null;
    }>(
      db,
      sql`select e.id as "eventId", e.league, e.short_name as "shortName", e.title,
          ht.abbreviation as home, at.abbreviation as away, e.start_time as "startTime",
          e.live_state as state, e.status_detail as detail, e.period, e.clock,
          e.home_score as "homeScore", e.away_score as "awayScore", e.score_read_at as "readAt",
          e.live_version as version, grade.count as "propCount", grade.labels
        from events e
        left join teams ht on ht.id = e.home_team_id
        left join teams at on at.id = e.away_team_id
        cross join lateral (
          select count(*)::int as count,
            (array_agg(pr.short_label order by p.close_time, pr.position, pr.id))[1:${sql.raw(String(LIVE_PANEL_LABELS))}] as labels
          from props pr join packs p on p.id = pr.pack_id
          where pr.event_id = e.id and pr.grading_rule is not null and pr.status in ('open', 'closed')
            and p.status not in ('draft', 'archived')
        ) grade
        where ${inLiveWindow(now)}
        order by e.start_time, e.short_name, e.id
        limit ${LIVE_PANEL_GAMES}`,
    ),
    queryRows<{
      league: League;
      day: string;
      lastReadAt: Date | string | null;
      lastError: string | null;
      lastErrorAt: Date | string | null;
      failures: number;
      nextPollAt: Date | string | null;
    }>(
      db,
      sql`select league, day, last_read_at as "lastReadAt", last_error as "lastError", last_error_at as "lastErrorAt",
          failures, next_poll_at as "nextPollAt"
        from live_polls
        order by day desc, league
        limit ${LIVE_PANEL_POLLS}`,
    ),
  ]);
  return {
    now: now.toISOString(),
    pollMs: serverEnv().LIVE_POLL_MS,
    games: games.map((row) => ({
      eventId: row.eventId,
      league: row.league,
      matchup: row.away && row.home ? `${row.away} @ ${row.home}` : (row.shortName ?? row.title),
      startTime: iso(row.startTime)!,
      state: row.state,
      detail: row.detail,
      period: row.period,
      clock: row.clock,
      homeScore: row.homeScore,
      awayScore: row.awayScore,
      readAt: iso(row.readAt),
      version: row.version === null ? null : Number(row.version),
      propsToGrade: { count: Number(row.propCount), labels: row.labels ?? [] },
    })),
    polls: polls.map((row) => ({
      league: row.league,
      day: row.day,
      lastReadAt: iso(row.lastReadAt),
      lastError: row.lastError,
      lastErrorAt: iso(row.lastErrorAt),
      failures: Number(row.failures),
      nextPollAt: iso(row.nextPollAt),
    })),
  };
}
