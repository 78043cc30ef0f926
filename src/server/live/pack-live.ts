import "server-only";
import { sql } from "drizzle-orm";
import { MAX_LIVE_GAMES, type Leader } from "@/domain/live";
import { PUSH_POINTS, TAKE_SIDES } from "@/domain/points";
import { isPackURL } from "@/domain/share";
import { getDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { SHOWN_EVENTS } from "@/server/events/shown-events";
import { AppError } from "@/server/http/app-error";
import { readLiveGames } from "./read-live-games";
import { uuidList } from "@/server/db/uuid-list";

/** One player's provisional points on a pack: settled takes plus the pending ones the score decides now. */
interface Standing {
  profileId: string;
  points: number;
}

/**
 * A pack's provisional standings, compact: a pack of 100,000 players is two arrays and one map
 * (about 10 MB), not an object per player.
 */
interface Standings {
  key: string;
  /** Profile ids, best first; ties in a fixed order (profile id), so "just above" and "just below" are stable. */
  ids: string[];
  /** points[i] is ids[i]'s provisional total (non-increasing). */
  points: Int32Array;
  indexOf: Map<string, number>;
  leaders: Map<string, Leader>;
}

/** The first index whose points are <= `value` (`below`: < `value`) in the non-increasing array. */
function firstIndex(points: Int32Array, value: number, below: boolean): number {
  let low = 0;
  let high = points.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (below ? points[mid]! < value : points[mid]! <= value) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** Standings are computed once per change of the pack's games, and at most this often, per instance. */
const MIN_RECOMPUTE_MS = 2_000;
const cache = new Map<string, { at: number; standings: Promise<Standings> }>();
/** As many packs as games followed live at once (MAX_LIVE_GAMES); the least recently computed go first. */
const MAX_CACHED_PACKS = MAX_LIVE_GAMES;
/** A game over within this long still counts as on: its final reading is shown until the grade lands. */
const JUST_OVER_MS = 60 * 60_000;

/**
 * A pack's provisional standings (docs/decisions/053-game-day-live.md): every player's settled
 * points plus, for each pending take whose prop has a rule, what it would pay if the game ended
 * now. One aggregate over the pack's current takes, shared by every viewer on this instance and
 * recomputed only when a game of the pack changes (its live version), at most every 2 s: paid per
 * change, not per viewer. Null while none of the pack's games is in play or just over: nothing is
 * provisional then, and a request for a quiet pack costs one small query. Never written anywhere.
 */
async function standingsOf(packId: string): Promise<Standings | null> {
  const db = await getDb();
  const events = await selectRows(
    db,
    sql`select e.id, e.live_version as v,
               -- A game never read live has no live state: not on (null would be neither).
               coalesce(e.live_state in ('in_progress', 'halftime', 'delayed')
                or (e.live_state in ('final', 'suspended') and e.score_read_at > now() - make_interval(secs => ${JUST_OVER_MS / 1000})), false) as on
        from ${SHOWN_EVENTS} e
        where e.id in (select event_id from props where pack_id = ${packId} and event_id is not null) order by e.id`,
    rowShape((r) => ({ id: r.text("id"), v: r.intOrNull("v"), on: r.bool("on") })),
  );
  if (!events.some((e) => e.on)) return null;
  const key = events.map((e) => `${e.id}:${e.v ?? 0}`).join(",");
  const known = cache.get(packId);
  if (known) {
    const fresh =
      Date.now() - known.at < MIN_RECOMPUTE_MS ||
      (await known.standings.then(
        (s) => s.key,
        () => null,
      )) === key;
    if (fresh) return known.standings;
  }
  const standings = compute(
    packId,
    key,
    events.map((e) => e.id),
  );
  cache.delete(packId);
  if (cache.size >= MAX_CACHED_PACKS) cache.delete(cache.keys().next().value!);
  cache.set(packId, { at: Date.now(), standings });
  standings.catch(() => cache.delete(packId));
  return standings;
}

async function compute(packId: string, key: string, eventIds: string[]): Promise<Standings> {
  const leaders = new Map<string, Leader>();
  for (const game of await readLiveGames(eventIds))
    for (const [propId, leader] of Object.entries(game.leaders)) leaders.set(propId, leader);
  const db = await getDb();
  const leading = [...leaders];
  const rows = await selectRows(
    db,
    sql`select t.profile_id,
          sum(case when t.result <> 'pending' then t.points
                   when l.leader = t.side then t.locked_value
                   when l.leader = 'push' then ${PUSH_POINTS}
                   else 0 end)::int as points
        from takes t
        left join (select * from jsonb_to_recordset(${JSON.stringify(leading.map(([prop, leader]) => ({ prop, leader })))}::jsonb) as x(prop uuid, leader text)) l
          on l.prop = t.prop_id
        where t.pack_id = ${packId} and t.is_current
        group by t.profile_id
        order by points desc, t.profile_id`,
    rowShape((r) => ({ profile_id: r.text("profile_id"), points: r.int("points") })),
  );
  const ids = rows.map((row) => row.profile_id);
  const points = Int32Array.from(rows, (row) => Number(row.points));
  return { key, ids, points, indexOf: new Map(ids.map((id, index) => [id, index])), leaders };
}

export interface RootingLine {
  propId: string;
  propLabel: string;
  /** The side to root for: the viewer's own pick. */
  root: string;
  /** What the viewer's pick pays if it wins. */
  points: number;
  /** Whether the pick is winning at the current score (null: the score decides nothing yet). */
  winningNow: boolean | null;
  /** The player just above, passed if this goes the viewer's way. */
  passes: string | null;
  /** The player just below, who passes the viewer if it does not. */
  passedBy: string | null;
  /** Head-to-head opponents on this pack the viewer passes if this goes their way. */
  rivalsPassed: string[];
  /** Head-to-head opponents who pass the viewer if it does not. */
  rivalsPassing: string[];
}

export interface PackLive {
  provisional: { points: number; rank: number; of: number } | null;
  above: { handle: string; points: number } | null;
  below: { handle: string; points: number } | null;
  rooting: RootingLine[];
}

/** A viewer's head-to-head opponents on one pack, at most this many (the guide names each). */
const MAX_RIVALS = 5;

const pickRow = rowShape((r) => ({
  profile_id: r.text("profile_id"),
  prop_id: r.text("prop_id"),
  side: r.oneOf("side", TAKE_SIDES),
  locked_value: r.int("locked_value"),
  short_label: r.text("short_label"),
  side_a_short: r.text("side_a_short"),
  side_b_short: r.text("side_b_short"),
}));
type Pick = ReturnType<typeof pickRow>;

/** What a pending pick counts for in the provisional points now, under the prop's current leader. */
function countsNow(pick: Pick | undefined, leader: Leader | undefined): number {
  if (!pick || leader === undefined) return 0;
  if (leader === "push") return PUSH_POINTS;
  return leader === pick.side ? pick.locked_value : 0;
}

/**
 * The viewer's game-day view of a pack: provisional points and rank, and the rooting guide,
 * "Root for PHI: +227 if they win, and you pass @sam": for each undecided prop where the viewer's
 * pick differs from the pick of the player just above or just below them, or of a head-to-head
 * opponent on the pack, which result moves them and past whom. Each result is weighed with every
 * other prop as it stands now: the prop's current contribution to both totals is taken out and
 * the result's put in. Reads the shared standings, then only the viewer's, those neighbours' and
 * the opponents' takes: bounded by what is shown, whatever the pack's size.
 */
export async function getPackLive(input: { packURL: string; viewerProfileId: string }): Promise<PackLive> {
  if (!isPackURL(input.packURL)) throw new AppError("NOT_FOUND", "Pack not found");
  const db = await getDb();
  const [pack] = await selectRows(
    db,
    sql`select id from packs where pack_url = ${input.packURL} and status not in ('draft', 'archived')`,
    rowShape((r) => ({ id: r.text("id") })),
  );
  if (!pack) throw new AppError("NOT_FOUND", "Pack not found");
  const standings = await standingsOf(pack.id);
  const index = standings?.indexOf.get(input.viewerProfileId);
  if (!standings || index === undefined) return { provisional: null, above: null, below: null, rooting: [] };
  const standingAt = (i: number): Standing | null =>
    i >= 0 && i < standings.ids.length ? { profileId: standings.ids[i]!, points: standings.points[i]! } : null;
  const me = standingAt(index)!;
  // Just above: the nearest player with more points; just below: the nearest with fewer (ties pass nobody).
  const rankIndex = firstIndex(standings.points, me.points, false);
  const above = standingAt(rankIndex - 1);
  const below = standingAt(firstIndex(standings.points, me.points, true));
  const rivals = (
    await selectRows(
      db,
      sql`select case when challenger_profile_id = ${me.profileId} then challenged_profile_id else challenger_profile_id end as profile_id
          from h2h_challenges
          where pack_id = ${pack.id} and status = 'accepted' and (challenger_profile_id = ${me.profileId} or challenged_profile_id = ${me.profileId})
          order by created_at, id limit ${MAX_RIVALS}`,
      rowShape((r) => ({ profile_id: r.text("profile_id") })),
    )
  ).map((row) => ({ profileId: row.profile_id, points: standingAt(standings.indexOf.get(row.profile_id) ?? -1)?.points ?? 0 }));
  const players = [...new Set([me, above, below, ...rivals].filter((s) => s !== null).map((s) => s.profileId))];
  const picks = await selectRows(
    db,
    sql`select t.profile_id, t.prop_id, t.side, t.locked_value, p.short_label, p.side_a_short, p.side_b_short
        from takes t
        join props p on p.id = t.prop_id
        where t.pack_id = ${pack.id} and t.is_current and t.result = 'pending'
          and t.profile_id in (${uuidList(players)})
        order by p.position, p.id`,
    pickRow,
  );
  const handles = await selectRows(
    db,
    sql`select id, handle from profiles where id in (${uuidList(players)})`,
    rowShape((r) => ({ id: r.text("id"), handle: r.text("handle") })),
  );
  const nameOf = (profileId: string) => handles.find((h) => h.id === profileId)?.handle ?? "a player";
  const pickOf = (profileId: string, propId: string) => picks.find((p) => p.profile_id === profileId && p.prop_id === propId);

  const rooting: RootingLine[] = [];
  for (const mine of picks.filter((p) => p.profile_id === me.profileId)) {
    const leader = standings.leaders.get(mine.prop_id);
    const mineNow = countsNow(mine, leader);
    /** The viewer's and `other`'s totals if this prop ends with `winner` and everything else stays as it is now. */
    const totalsIf = (other: Standing, winner: "A" | "B") => {
      const theirs = pickOf(other.profileId, mine.prop_id);
      const theirsIf = theirs?.side === winner ? theirs.locked_value : 0;
      return {
        mine: me.points - mineNow + (mine.side === winner ? mine.locked_value : 0),
        theirs: other.points - countsNow(theirs, leader) + theirsIf,
      };
    };
    const differs = (other: Standing | null) => other !== null && pickOf(other.profileId, mine.prop_id)?.side !== mine.side;
    const otherSide = mine.side === "A" ? "B" : "A";
    /** Behind or level now, ahead if the viewer's pick wins. */
    const passesIfWon = (other: Standing) => {
      const then = totalsIf(other, mine.side);
      return me.points <= other.points && then.mine > then.theirs;
    };
    /** Ahead now, behind if the viewer's pick loses. */
    const passedIfLost = (other: Standing) => {
      const then = totalsIf(other, otherSide);
      return me.points > other.points && then.theirs > then.mine;
    };
    const rivalsDiffering = rivals.filter((rival) => differs(rival));
    if (!differs(above) && !differs(below) && !rivalsDiffering.length) continue;
    const rivalsPassed = rivalsDiffering.filter(passesIfWon).map((rival) => nameOf(rival.profileId));
    const rivalsPassing = rivalsDiffering.filter(passedIfLost).map((rival) => nameOf(rival.profileId));
    const passes = above && differs(above) && passesIfWon(above) ? nameOf(above.profileId) : null;
    const passedBy = below && differs(below) && passedIfLost(below) ? nameOf(below.profileId) : null;
    rooting.push({
      propId: mine.prop_id,
      propLabel: mine.short_label,
      root: mine.side === "A" ? mine.side_a_short : mine.side_b_short,
      points: mine.locked_value,
      winningNow: leader === undefined ? null : leader === mine.side,
      // A neighbour who is also an opponent is named once, as the opponent.
      passes: passes && !rivalsPassed.includes(passes) ? passes : null,
      passedBy: passedBy && !rivalsPassing.includes(passedBy) ? passedBy : null,
      rivalsPassed,
      rivalsPassing,
    });
  }
  return {
    provisional: { points: me.points, rank: rankIndex + 1, of: standings.ids.length },
    above: above ? { handle: nameOf(above.profileId), points: above.points } : null,
    below: below ? { handle: nameOf(below.profileId), points: below.points } : null,
    rooting,
  };
}
