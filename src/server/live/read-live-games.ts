import "server-only";
import { and, gt, inArray, sql } from "drizzle-orm";
import { leadingSide } from "@/domain/auto-grade";
import { LIVE_STATES, MAX_LIVE_GAMES, type Leader, type LiveGame, type LiveState } from "@/domain/live";
import { getDb, type Db } from "@/server/db/client";
import { events } from "@/server/db/schema";

/** Rule props read per game: a game carries a few per pack it is in. */
const MAX_RULE_PROPS = 400;

interface RuleProp {
  id: string;
  rule: string;
  params: unknown;
}

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
  const rows = await db
    .select({
      id: events.id,
      status: events.status,
      liveState: events.liveState,
      statusDetail: events.statusDetail,
      period: events.period,
      clock: events.clock,
      homeScore: events.homeScore,
      awayScore: events.awayScore,
      scoreReadAt: events.scoreReadAt,
      liveVersion: events.liveVersion,
      // In the same statement: one round trip per read. Under a kickoff's load each round trip is a
      // turn of a busy event loop, and the hub's reads are what every live stream waits for.
      ruleProps: sql<RuleProp[] | null>`(
        select json_agg(json_build_object('id', r.id, 'rule', r.grading_rule, 'params', r.grading_params) order by r.id)
        from (
          select p.id, p.grading_rule, p.grading_params from props p
          where p.event_id = "events"."id" and p.status in ('open', 'closed') and p.grading_rule is not null
          order by p.id limit ${MAX_RULE_PROPS}
        ) r
      )`,
    })
    .from(events)
    .where(and(inArray(events.id, ids), options.sinceVersion !== undefined ? gt(events.liveVersion, options.sinceVersion) : undefined));
  return rows.map((row) => {
    const leaders: Record<string, Leader> = {};
    const state = stateOf(row);
    // Before kick-off nobody leads: a 0-0 scoreboard is not a push.
    if (state !== "scheduled" && state !== "postponed" && state !== "cancelled") {
      for (const prop of row.ruleProps ?? []) {
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
