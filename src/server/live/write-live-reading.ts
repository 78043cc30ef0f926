import "server-only";
import { sql } from "drizzle-orm";
import { LIVE_CHANNEL } from "@/domain/live";
import { type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import type { EspnGame } from "@/server/integrations/espn/game";

/**
 * Stores a game's reading; when something a fan sees changed (state, ESPN's words, period,
 * clock or a score) takes the next version from events_live_version_seq and notifies
 * LIVE_CHANNEL in the same statement, so a listener never hears of a version it cannot read.
 * Returns the new version, or null when nothing a fan sees changed. The live poller and the
 * five-minute auto-grade both write games through it, so a change either of them reads reaches
 * the live streams (docs/decisions/053-game-day-live.md).
 */
export async function writeLiveReading(db: DbOrTx, eventId: string, game: EspnGame, now: Date): Promise<number | null> {
  const seen = sql`(${game.liveState}::text, ${game.statusDetail}::text, ${game.period}::int, ${game.clock}::text, ${game.home.score}::int, ${game.away.score}::int)`;
  const changed = sql`(e.live_state, e.status_detail, e.period, e.clock, e.home_score, e.away_score) is distinct from ${seen}`;
  const rows = await selectRows(
    db,
    sql`with prev as (
        select id, live_version from events where id = ${eventId} for update
      ), updated as (
        update events e set
          status = ${game.status},
          status_detail = ${game.statusDetail},
          home_score = ${game.home.score},
          away_score = ${game.away.score},
          live_state = ${game.liveState},
          period = ${game.period},
          clock = ${game.clock},
          score_read_at = ${now},
          live_version = case when ${changed} then nextval('events_live_version_seq') else e.live_version end,
          updated_at = case when ${changed} then ${now} else e.updated_at end
        from prev
        where e.id = prev.id
        returning e.id, e.live_version, prev.live_version as prev_version
      )
      select live_version as version,
        pg_notify(${LIVE_CHANNEL}, json_build_object('kind', 'game', 'eventId', id, 'version', live_version)::text)::text as notified
      from updated
      where live_version is distinct from prev_version`,
    rowShape((r) => ({ version: r.int("version") })),
  );
  return rows[0] ? Number(rows[0].version) : null;
}

/**
 * A game's props changed grade (graded, re-graded, un-graded): its readers must read it again, so
 * its version moves and LIVE_CHANNEL hears of it, in the grading transaction (a notice is sent at
 * commit, never for a grade that rolled back). The pages watching the game then show the grade.
 */
export async function touchLiveGame(db: DbOrTx, eventId: string): Promise<void> {
  await db.execute(
    sql`with touched as (
        update events set live_version = nextval('events_live_version_seq') where id = ${eventId} returning id, live_version
      )
      select pg_notify(${LIVE_CHANNEL}, json_build_object('kind', 'game', 'eventId', id, 'version', live_version)::text) from touched`,
  );
}
