import "server-only";
import { sql } from "drizzle-orm";

/**
 * Games as players see them (docs/decisions/060-one-score-per-game.md, "What players see"): the
 * `events` columns player pages read, with the commissioner's hand result (event_score_overrides)
 * in place of ESPN's reading when there is one — a hand final with its score, a postponement or a
 * suspension, with no ESPN period, clock or words beside it, and read at when it was typed. A game
 * with no hand result reads exactly as `events`. Use it where a query names `events`:
 * `from ${SHOWN_EVENTS} e`. It is a plain subquery over `events` with a left join on the
 * override's primary key, so PostgreSQL flattens it and a filter on `e.id` uses events' index as
 * before. The only place a player-facing read chooses between the two readings; admin screens read
 * both tables (src/server/grading/game-scores.ts) and grading its own coalesce
 * (src/server/grading/get-props-for-grading.ts).
 */
export const SHOWN_EVENTS = sql.raw(`(
  select se.id, se.league, se.espn_event_id, se.title, se.short_name, se.start_time,
         se.home_team_id, se.away_team_id, se.live_version,
         coalesce(so.status, se.status) as status,
         case when so.event_id is null then se.status_detail end as status_detail,
         case when so.event_id is null then se.home_score else so.home_score end as home_score,
         case when so.event_id is null then se.away_score else so.away_score end as away_score,
         coalesce(so.status, se.live_state) as live_state,
         case when so.event_id is null then se.period end as period,
         case when so.event_id is null then se.clock end as clock,
         case when so.event_id is null then se.score_read_at else so.set_at end as score_read_at
  from events se left join event_score_overrides so on so.event_id = se.id
)`);
