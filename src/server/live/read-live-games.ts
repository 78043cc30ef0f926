import "server-only";
import { and, asc, gt, inArray, isNotNull } from "drizzle-orm";
import { leadingSide } from "@/domain/auto-grade";
import { LIVE_STATES, MAX_LIVE_GAMES, type Leader, type LiveGame, type LiveState } from "@/domain/live";
import { getDb } from "@/server/db/client";
import { events, props } from "@/server/db/schema";

/** Rule props read per call: a game carries a few per pack it is in. */
const MAX_RULE_PROPS = 400;

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
 * Last-Event-ID). Two indexed reads, bounded by MAX_LIVE_GAMES; the same for one viewer or ten thousand.
 */
export async function readLiveGames(eventIds: readonly string[], options: { sinceVersion?: number } = {}): Promise<LiveGame[]> {
  const ids = [...new Set(eventIds)].slice(0, MAX_LIVE_GAMES);
  if (ids.length === 0) return [];
  const db = await getDb();
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
    })
    .from(events)
    .where(and(inArray(events.id, ids), options.sinceVersion !== undefined ? gt(events.liveVersion, options.sinceVersion) : undefined));
  if (rows.length === 0) return [];
  const ruleProps = await db
    .select({ id: props.id, eventId: props.eventId, rule: props.gradingRule, params: props.gradingParams })
    .from(props)
    .where(and(inArray(props.eventId, rows.map((row) => row.id)), inArray(props.status, ["open", "closed"]), isNotNull(props.gradingRule)))
    .orderBy(asc(props.id))
    .limit(MAX_RULE_PROPS);
  return rows.map((row) => {
    const leaders: Record<string, Leader> = {};
    const state = stateOf(row);
    // Before kick-off nobody leads: a 0-0 scoreboard is not a push.
    if (state !== "scheduled" && state !== "postponed" && state !== "cancelled") {
      for (const prop of ruleProps) {
        if (prop.eventId !== row.id) continue;
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
