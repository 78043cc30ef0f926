import "server-only";
import { AI_PLAYER_ID } from "@/domain/ai-player";
import { sql, type SQL } from "drizzle-orm";
import { TIME_ZONE, type League } from "@/config";
import { getReadDb, type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { addDays } from "@/domain/time";
import { seasonDays, standingsWeekStart, type StandingsTieBreak } from "@/domain/standings";
import type { WinRecord } from "@/domain/grading";

/**
 * League standings (docs/decisions/062-league-standings.md): the players of a set of packs (a league
 * season's or a contest's, or one week of them) ranked by points, then the commissioner's tie-break
 * order (src/domain/standings.ts, the same rule as rankStandings there), then handle A to Z.
 *
 * Bounded at season scale (decision 062, "Maintained season and week totals"): a league season's or
 * week's players are one scope of leaderboard_totals each (`standings:{league}:season:{year}`,
 * `…:week:{first day}`, one row per player, kept by the queue drain and moved with a pack's close
 * by the packs_standings_rekey trigger), read from the partial covering index
 * leaderboard_totals_standings_idx alone, with each player's last receipt time beside it
 * (standings_last_receipts, same keys). A contest still groups its packs' `pack:{id}` rows.
 * Ranks are window functions; pages are cut in SQL by position; nothing but the page comes back.
 */
export type StandingsSet =
  { kind: "league"; league: League; season: number; week: string | null } | { kind: "contest"; contestId: string; week: string | null };

/** The key the commissioner's tie-break order is stored under (standings_rules.scope). */
export function standingsRuleScope(set: StandingsSet): string {
  return set.kind === "league" ? `league:${set.league}:season:${set.season}` : `contest:${set.contestId}`;
}

export interface StandingsRow extends WinRecord {
  /** 1-based place in the listed order (the paging key: `after` is the last position seen). */
  position: number;
  /** Standard competition rank: players level on points and every chosen step share it. */
  rank: number;
  profileId: string;
  handle: string;
  points: number;
  /** Picks made (non-void) in the set's packs. */
  picks: number;
  /** The player's last change to their picks in the set's packs; null unless the order uses it. */
  lastSubmittedAt: Date | null;
}

export interface StandingsPage {
  rows: StandingsRow[];
  /** The viewer's own row, wherever it is (null when they have no picks in the set). */
  me: StandingsRow | null;
  /** Players in the standings. */
  total: number;
  /** `after` for the next page, null on the last. */
  nextAfter: number | null;
}

export const STANDINGS_PAGE_SIZE = 50;
/** The largest page the server reads at once (the export iterates in these); the public API asks for at most 200. */
export const MAX_STANDINGS_PAGE_SIZE = 5_000;

/** The New York day a pack counts on: its close, else its open, else its creation. */
const packDay = sql`(coalesce(p.close_time, p.open_time, p.created_at) at time zone ${TIME_ZONE})::date`;
/** The season of that day (Jan and Feb belong to the year before, src/domain/leaderboard-scope.ts). */
const packSeason = sql`(extract(year from ${packDay})::int - case when extract(month from ${packDay}) <= 2 then 1 else 0 end)`;
/** NFL week 1's Thursday of that season (src/domain/nfl-weeks.ts nflWeek1Start), in SQL. */
const nflWeek1 = sql`(make_date(${packSeason}, 9, 1) + ((8 - extract(dow from make_date(${packSeason}, 9, 1))::int) % 7) + 3)`;
/** The first day of the pack's standings week (src/domain/standings.ts standingsWeekStart). */
const packWeekStart = sql`case when p.league = 'nfl'
  then ${nflWeek1} + 7 * floor((${packDay} - ${nflWeek1}) / 7.0)::int
  else ${packDay} - (extract(isodow from ${packDay})::int - 1) end`;

/** The set's packs: `id`, `week_start` (date) and `graded`. Drafts and archived packs never count. */
function setPacks(set: StandingsSet): SQL {
  const visible = sql`p.status not in ('draft', 'archived')`;
  const from =
    set.kind === "league"
      ? sql`from packs p where p.league = ${set.league} and ${visible}
            and ${packDay} between ${seasonDays(set.season).first}::date and ${seasonDays(set.season).last}::date`
      : sql`from contest_packs cp join packs p on p.id = cp.pack_id where cp.contest_id = ${set.contestId} and ${visible}`;
  const inner = sql`select p.id, ${packWeekStart} as week_start, p.status = 'graded' as graded ${from}`;
  if (!set.week) return inner;
  // A week of a league season is a range of close days (the caller names its first day), not a computed key.
  return set.kind === "league"
    ? sql`select * from (${inner} and ${packDay} between ${set.week}::date and ${addDays(set.week, 6)}::date) w`
    : sql`select * from (${inner}) w where w.week_start = ${set.week}::date`;
}

/** `order by` terms of points and the chosen steps (no handle): the rank's window. */
function ruleOrder(order: readonly StandingsTieBreak[]): SQL {
  const terms = [sql`l.points desc`];
  for (const step of order) {
    if (step === "won") terms.push(sql`l.won desc`);
    else if (step === "most_picks") terms.push(sql`l.picks desc`);
    else if (step === "fewest_picks") terms.push(sql`l.picks asc`);
    else terms.push(sql`l.last_submitted_at asc nulls last`);
  }
  return sql.join(terms, sql`, `);
}

/** Handle A to Z byte by byte (`collate "C"`), as rankStandings compares them, then the id for a fixed order. */
const handleOrder = sql`lower(l.handle) collate "C", l.profile_id`;

const standingsRow = rowShape((r) => ({
  position: r.int("position"),
  rank: r.int("rank"),
  total: r.int("total"),
  profileId: r.text("profile_id"),
  handle: r.text("handle"),
  points: r.int("points"),
  won: r.int("won"),
  lost: r.int("lost"),
  pushed: r.int("pushed"),
  picks: r.int("picks"),
  lastSubmittedAt: r.dateOrNull("last_submitted_at"),
}));

/** The maintained scope of a league season or week (src/server/db/routines/standings_scope_keys.sql). */
function standingsScopeKey(league: string, part: { season: number } | { week: string }): string {
  return "season" in part ? `standings:${league}:season:${part.season}` : `standings:${league}:week:${part.week}`;
}

/** Lets the planner use the partial covering index leaderboard_totals_standings_idx (an index-only read). */
const standingsIndex = sql`lt.scope like 'standings:%'`;

/**
 * Each player's totals over the set (per week when `byWeek`): `totals(profile_id, handle, points,
 * won, lost, pushed, picks[, week_start])`. A league season or week is one range of its maintained
 * scope's rows (one row per player, kept by the leaderboard drain and moved with a pack's close:
 * decision 062, "Maintained season and week totals"); a contest sums its packs' `pack:{id}` rows.
 */
function totalsOf(set: StandingsSet, byWeek: boolean): SQL {
  const columns = sql`lt.profile_id, lt.handle, lt.points, lt.won, lt.lost, lt.pushed, lt.takes as picks`;
  if (set.kind === "league" && byWeek) {
    const prefix = `standings:${set.league}:week:`;
    return sql`
      select substr(lt.scope, ${prefix.length + 1})::date as week_start, ${columns}
      from leaderboard_totals lt
      where lt.scope = any(array(select distinct ${prefix} || to_char(s.week_start, 'YYYY-MM-DD') from set_packs s))
        and ${standingsIndex} and lt.takes > 0`;
  }
  if (set.kind === "league") {
    const key = set.week
      ? standingsScopeKey(set.league, { week: standingsWeekStart(set.league, set.week) })
      : standingsScopeKey(set.league, { season: set.season });
    return sql`select ${columns} from leaderboard_totals lt where lt.scope = ${key} and ${standingsIndex} and lt.takes > 0`;
  }
  const weekCol = byWeek ? sql`sp.week_start, ` : sql``;
  return sql`
    select ${weekCol} lt.profile_id, min(lt.handle) as handle,
           sum(lt.points)::int as points, sum(lt.won)::int as won, sum(lt.lost)::int as lost,
           sum(lt.pushed)::int as pushed, sum(lt.takes)::int as picks
    from leaderboard_totals lt
    join set_packs sp on 'pack:' || sp.id::text = lt.scope
    -- The keys as an array: one primary-key range per pack, never a scan of every scope's rows.
    where lt.scope = any(array(select 'pack:' || s.id::text from set_packs s))
    group by ${weekCol} lt.profile_id
    having sum(lt.takes) > 0`;
}

/**
 * The `with` clause ending in `lines(profile_id, handle, points, won, lost, pushed, picks,
 * last_submitted_at[, week_start])`, per player (and per week when `byWeek`). A league set reads
 * each player's last receipt time beside their totals (standings_last_receipts, same keys); a
 * contest reads its packs' receipts, each player's last from receipts_pack_profile_idx alone.
 */
function linesOf(set: StandingsSet, order: readonly StandingsTieBreak[], byWeek: boolean): SQL {
  const weekCol = byWeek ? sql`sp.week_start, ` : sql``;
  const weekKey = byWeek ? sql`sp.week_start, ` : sql``;
  const weekJoin = byWeek ? sql`and s.week_start = t.week_start` : sql``;
  if (!order.includes("earliest")) {
    return sql`
      with set_packs as (${setPacks(set)}),
      totals as (${totalsOf(set, byWeek)}),
      lines as (select t.*, null::timestamptz as last_submitted_at from totals t)`;
  }
  if (set.kind === "league") {
    const key = byWeek
      ? sql`${`standings:${set.league}:week:`} || to_char(t.week_start, 'YYYY-MM-DD')`
      : sql`${set.week ? standingsScopeKey(set.league, { week: standingsWeekStart(set.league, set.week) }) : standingsScopeKey(set.league, { season: set.season })}`;
    return sql`
      with set_packs as (${setPacks(set)}),
      totals as (${totalsOf(set, byWeek)}),
      lines as (
        select t.*, s.last_submitted_at
        from totals t left join standings_last_receipts s on s.scope = ${key} and s.profile_id = t.profile_id
      )`;
  }
  return sql`
    with set_packs as (${setPacks(set)}),
    totals as (${totalsOf(set, byWeek)}),
    submitted as (
      select ${weekCol} r.profile_id, max(r.created_at) as last_submitted_at
      from receipts r join set_packs sp on sp.id = r.pack_id
      where r.pack_id = any(array(select s.id from set_packs s))
      group by ${weekKey} r.profile_id
    ),
    lines as (
      select t.*, s.last_submitted_at
      from totals t left join submitted s on s.profile_id = t.profile_id ${weekJoin}
    )`;
}

/**
 * A page of standings: the rows after position `after` (0 for the top), up to `limit`, and the
 * viewer's own row. The one reader of standings: the page, the API and the CSV export call it.
 */
export async function readStandings(options: {
  set: StandingsSet;
  order: readonly StandingsTieBreak[];
  after?: number;
  limit?: number;
  viewerProfileId?: string | null;
  db?: DbOrTx;
}): Promise<StandingsPage> {
  const db = options.db ?? (await getReadDb());
  const after = Math.max(0, Math.floor(options.after ?? 0));
  const limit = Math.min(Math.max(1, Math.floor(options.limit ?? STANDINGS_PAGE_SIZE)), MAX_STANDINGS_PAGE_SIZE);
  const viewer = options.viewerProfileId ?? null;
  const rows = await selectRows(
    db,
    sql`
      ${linesOf(options.set, options.order, false)},
      ranked as (
        select l.*,
               rank() over (order by ${ruleOrder(options.order)})::int as rank,
               row_number() over (order by ${ruleOrder(options.order)}, ${handleOrder})::int as position,
               count(*) over ()::int as total
        from lines l
      )
      select * from ranked
      where (position > ${after} and position <= ${after + limit})
         ${viewer ? sql`or profile_id = ${viewer}` : sql``}
      order by position`,
    standingsRow,
  );
  const total = rows[0]?.total ?? 0;
  const strip = ({ total: _total, ...row }: (typeof rows)[number]): StandingsRow => row;
  const page = rows.filter((row) => row.position > after && row.position <= after + limit).map(strip);
  const mine = rows.find((row) => row.profileId === viewer);
  const me = mine ? strip(mine) : null;
  const last = page.at(-1)?.position ?? after;
  return { rows: page, me, total, nextAfter: last < total ? last : null };
}

/** Every row of a set's standings in order, a page at a time (the CSV export's reader): bounded memory. */
export async function* iterateStandings(options: {
  set: StandingsSet;
  order: readonly StandingsTieBreak[];
  pageSize?: number;
  db?: DbOrTx;
}): AsyncGenerator<StandingsRow> {
  let after: number | null = 0;
  while (after !== null) {
    const page: StandingsPage = await readStandings({ ...options, after, limit: options.pageSize ?? MAX_STANDINGS_PAGE_SIZE });
    yield* page.rows;
    after = page.nextAfter;
  }
}

export interface StandingsWeek {
  /** First New York day of the week (YYYY-MM-DD). */
  weekStart: string;
  packs: number;
  /** Every pack of the week is graded: its winners are final. */
  final: boolean;
  /** The players ranked first on the set's rule (at most MAX_WINNERS_SHOWN, A to Z); empty with no picks. */
  winners: Array<{ handle: string; points: number; won: number }>;
  /** How many players share first place (more than `winners` when many are level). */
  winnerCount: number;
}

export const MAX_WINNERS_SHOWN = 5;

/**
 * The weeks of a set, newest first, each with its winner(s) on the set's rule: the weekly winner
 * history. One statement; the set's packs are grouped by week in SQL.
 */
export async function readWeeklyWinners(options: {
  set: StandingsSet;
  order: readonly StandingsTieBreak[];
  db?: DbOrTx;
}): Promise<StandingsWeek[]> {
  const db = options.db ?? (await getReadDb());
  const set = { ...options.set, week: null };
  const rows = await selectRows(
    db,
    sql`
      ${linesOf(set, options.order, true)},
      weeks as (select week_start, count(*)::int as packs, bool_and(graded) as final from set_packs group by week_start),
      -- First place needs the week's most points: only those players are ranked (a hash aggregate
      -- over the weeks' rows instead of sorting every player of every week). The AI player is
      -- never a weekly winner (docs/decisions/069-rivals-and-the-ai-player.md).
      peaks as (select t.week_start, max(t.points) as points from totals t where t.profile_id <> ${AI_PLAYER_ID}::uuid group by t.week_start),
      ranked as (
        select l.*,
               rank() over (partition by l.week_start order by ${ruleOrder(options.order)}) as rank,
               row_number() over (partition by l.week_start order by ${ruleOrder(options.order)}, ${handleOrder}) as n
        from lines l join peaks p on p.week_start = l.week_start and p.points = l.points
        where l.profile_id <> ${AI_PLAYER_ID}::uuid
      ),
      firsts as (
        select r.week_start, count(*)::int as winner_count,
               json_agg(json_build_object('handle', r.handle, 'points', r.points, 'won', r.won) order by r.n)
                 filter (where r.n <= ${MAX_WINNERS_SHOWN}) as winners
        from ranked r where r.rank = 1
        group by r.week_start
      )
      select to_char(w.week_start, 'YYYY-MM-DD') as week_start, w.packs, w.final,
             coalesce(f.winner_count, 0) as winner_count, coalesce(f.winners, '[]'::json)::text as winners
      from weeks w left join firsts f on f.week_start = w.week_start
      order by w.week_start desc`,
    rowShape((r) => ({
      weekStart: r.text("week_start"),
      packs: r.int("packs"),
      final: r.bool("final"),
      winnerCount: r.int("winner_count"),
      winners: r.text("winners"),
    })),
  );
  return rows.map((row) => ({
    ...row,
    winners: (JSON.parse(row.winners) as Array<{ handle: string; points: number; won: number }>).map((w) => ({
      handle: String(w.handle),
      points: Number(w.points),
      won: Number(w.won),
    })),
  }));
}

/** The weeks of a set with packs, newest first, without their winners: the week tabs, one small group-by of the set's packs. */
export async function readStandingsWeeks(options: { set: StandingsSet; db?: DbOrTx }): Promise<StandingsWeek[]> {
  const db = options.db ?? (await getReadDb());
  const rows = await selectRows(
    db,
    sql`
      with set_packs as (${setPacks({ ...options.set, week: null })})
      select to_char(week_start, 'YYYY-MM-DD') as week_start, count(*)::int as packs, bool_and(graded) as final
      from set_packs group by week_start order by week_start desc`,
    rowShape((r) => ({ weekStart: r.text("week_start"), packs: r.int("packs"), final: r.bool("final") })),
  );
  return rows.map((row) => ({ ...row, winners: [], winnerCount: 0 }));
}
