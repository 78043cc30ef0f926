import "server-only";
import { sql } from "drizzle-orm";
import { SUPPORTED_LEAGUES } from "@/config";
import { LIVE_STATES } from "@/domain/live";
import type { LivePanel } from "@/domain/live-panel";
import { serverEnv } from "@/env";
import { getReadDb, type DbOrTx } from "@/server/db/client";
import { col, rowShape, selectRows } from "@/server/db/rows";
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
  const [games, polls] = await Promise.all([
    selectRows(
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
      liveGameRow,
    ),
    selectRows(
      db,
      sql`select league, day, last_read_at as "lastReadAt", last_error as "lastError", last_error_at as "lastErrorAt",
          failures, next_poll_at as "nextPollAt"
        from live_polls
        order by day desc, league
        limit ${LIVE_PANEL_POLLS}`,
      livePollRow,
    ),
  ]);
  return {
    now: now.toISOString(),
    pollMs: serverEnv().LIVE_POLL_MS,
    games,
    polls,
  };
}

const liveGameRow = rowShape((r) => {
  const home = r.textOrNull("home");
  const away = r.textOrNull("away");
  return {
    eventId: r.text("eventId"),
    league: r.oneOf("league", SUPPORTED_LEAGUES),
    matchup: away && home ? `${away} @ ${home}` : (r.textOrNull("shortName") ?? r.text("title")),
    startTime: r.iso("startTime"),
    state: r.oneOfOrNull("state", LIVE_STATES),
    detail: r.textOrNull("detail"),
    period: r.intOrNull("period"),
    clock: r.textOrNull("clock"),
    homeScore: r.intOrNull("homeScore"),
    awayScore: r.intOrNull("awayScore"),
    readAt: r.isoOrNull("readAt"),
    version: r.intOrNull("version"),
    propsToGrade: { count: r.int("propCount"), labels: r.get("labels", col.textsOrNull) ?? [] },
  };
});

const livePollRow = rowShape((r) => ({
  league: r.oneOf("league", SUPPORTED_LEAGUES),
  day: r.text("day"),
  lastReadAt: r.isoOrNull("lastReadAt"),
  lastError: r.textOrNull("lastError"),
  lastErrorAt: r.isoOrNull("lastErrorAt"),
  failures: r.int("failures"),
  nextPollAt: r.isoOrNull("nextPollAt"),
}));
