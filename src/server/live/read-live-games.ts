import "server-only";
import { sql } from "drizzle-orm";
import { leadingSide } from "@/domain/auto-grade";
import { LIVE_STATES, MAX_LIVE_GAMES, type Leader, type LiveGame, type LiveState } from "@/domain/live";
import { getDb, type Db } from "@/server/db/client";
import { col, rowShape, selectRows } from "@/server/db/rows";
import { SHOWN_EVENTS } from "@/server/events/shown-events";

/** Rule props read per game: a game carries a few per pack it is in. */
const MAX_RULE_PROPS = 400;

interface RuleProp {
  id: string;
  rule: string;
  params: unknown;
}

const rulePropRow = rowShape((r): RuleProp => ({ id: r.text("id"), rule: r.text("rule"), params: r.get("params", col.raw) }));

const liveGameRow = rowShape((r) => ({
  id: r.text("id"),
  status: r.text("status"),
  liveState: r.textOrNull("live_state"),
  statusDetail: r.textOrNull("status_detail"),
  period: r.intOrNull("period"),
  clock: r.textOrNull("clock"),
  homeScore: r.intOrNull("home_score"),
  awayScore: r.intOrNull("away_score"),
  scoreReadAt: r.dateOrNull("score_read_at"),
  liveVersion: r.intOrNull("live_version"),
  ruleProps: r.list("rule_props", rulePropRow),
}));

const isLiveState = (value: string): value is LiveState => (LIVE_STATES as readonly string[]).includes(value);

/** Before the live poller's first reading, a game's state is its grading status (halftime and delays not yet told). */
function stateOf(row: { liveState: string | null; status: string }): LiveState {
  if (row.liveState && isLiveState(row.liveState)) return row.liveState;
  return isLiveState(row.status) ? row.status : "scheduled";
}

/**
 * The live reading of the given games as every viewer sees it (docs/decisions/053-game-day-live.md):
 * state, score, period, clock and, for each ungraded prop with a grading rule, the side leading at
 * this score. `sinceVersion` keeps only games changed after it (a stream resuming from
 * Last-Event-ID); `db` is where to read (the live hub's own connection), the pool unless given. One
 * statement (the games by id, each with its rule props through props' index on event_id), bounded
 * by MAX_LIVE_GAMES; the same for one viewer or ten thousand.
 */
export async function readLiveGames(eventIds: readonly string[], options: { sinceVersion?: number; db?: Db } = {}): Promise<LiveGame[]> {
  const ids = [...new Set(eventIds)].slice(0, MAX_LIVE_GAMES);
  if (ids.length === 0) return [];
  const db = options.db ?? (await getDb());
  // The games as players see them: a hand result in place of ESPN's (SHOWN_EVENTS).
  const rows = await selectRows(
    db,
    sql`select e.id, e.status, e.live_state, e.status_detail, e.period, e.clock, e.home_score, e.away_score,
          e.score_read_at, e.live_version,
          -- In the same statement: one round trip per read. Under a kickoff's load each round trip is a
          -- turn of a busy event loop, and the hub's reads are what every live stream waits for.
          (select json_agg(json_build_object('id', r.id, 'rule', r.grading_rule, 'params', r.grading_params) order by r.id)
           from (
             select p.id, p.grading_rule, p.grading_params from props p
             where p.event_id = e.id and p.status in ('open', 'closed') and p.grading_rule is not null
             order by p.id limit ${MAX_RULE_PROPS}
           ) r
          ) as rule_props
        from ${SHOWN_EVENTS} e
        where e.id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})${options.sinceVersion !== undefined ? sql` and e.live_version > ${options.sinceVersion}` : sql``}`,
    liveGameRow,
  );
  return rows.map((row) => {
    const leaders: Record<string, Leader> = {};
    const state = stateOf(row);
    // Before kick-off nobody leads: a 0-0 scoreboard is not a push.
    if (state !== "scheduled" && state !== "postponed" && state !== "cancelled") {
      for (const prop of row.ruleProps) {
        const leader = leadingSide(prop.rule, prop.params, row);
        if (leader) leaders[prop.id] = leader;
      }
    }
    return {
      eventId: row.id,
      version: row.liveVersion ?? 0,
      state,
      detail: row.statusDetail,
      period: row.period,
      clock: row.clock,
      homeScore: row.homeScore,
      awayScore: row.awayScore,
      readAt: row.scoreReadAt?.toISOString() ?? null,
      leaders,
    };
  });
}
