import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { TIME_ZONE } from "@/config";

/** Serialises every writer of leaderboard_totals (drains, rebuilds, the rename trigger in drizzle/0002). */
export const LEADERBOARD_LOCK_KEY = 727_005;

/**
 * A `with` clause ending in `summed(scope, profile_id, points, won, lost,
 * pushed, takes)`: take contributions spread over every scope key they count
 * in, summed per (scope, profile). `source` must yield profile_id, pack_id,
 * prop_id, take_created_at, points, won, lost, pushed, takes; it may be a
 * data-modifying statement (the clause is meant to be the statement's top). The keys match src/domain/leaderboard-scope.ts: the drain and
 * the rebuild share this one definition, so they cannot disagree.
 */
export function scopedContributions(source: SQL): SQL {
  return sql`
    with source as (${source}),
    pack_keys as (
      select ids.pack_id,
             pk.league,
             array(select 'contest:' || cp.contest_id::text from contest_packs cp where cp.pack_id = ids.pack_id)
               || array(select 'series:' || sp.series_id::text from series_packs sp where sp.pack_id = ids.pack_id) as contest_keys,
             -- The league standings' season and week of the pack's close (docs/decisions/062-league-standings.md),
             -- one SQL definition shared with the trigger that moves a pack's rows when its close moves.
             coalesce(standings_scope_keys(pk.league, pk.status, pk.close_time, pk.open_time, pk.created_at), array[]::text[]) as standings_keys
      from (select distinct pack_id from source) ids
      left join packs pk on pk.id = ids.pack_id
    ),
    prop_keys as (
      select ids.prop_id,
             array_remove(array[
               'team:' || ev.home_team_id::text,
               case when ev.away_team_id is distinct from ev.home_team_id then 'team:' || ev.away_team_id::text end
             ], null) as team_keys
      from (select distinct prop_id from source) ids
      left join props pr on pr.id = ids.prop_id
      left join events ev on ev.id = pr.event_id
    ),
    -- Sum first at the finest grain every scope is made of (profile, pack, teams, New York day),
    -- then spread those few rows over the scope keys: a rebuild spreads packs, not takes.
    grain as (
      select s.profile_id, s.pack_id, prk.team_keys,
             (s.take_created_at at time zone ${TIME_ZONE})::date as day,
             sum(s.points)::int as points, sum(s.won)::int as won, sum(s.lost)::int as lost,
             sum(s.pushed)::int as pushed, sum(s.takes)::int as takes
      from source s
      join prop_keys prk on prk.prop_id = s.prop_id
      group by s.profile_id, s.pack_id, prk.team_keys, day
    ),
    periods as (
      select g.*,
             'day:' || to_char(g.day, 'YYYY-MM-DD') as day_key,
             'week:' || to_char(g.day - (extract(isodow from g.day)::int - 1), 'YYYY-MM-DD') as week_key,
             'season:' || (extract(year from g.day)::int - case when extract(month from g.day) <= 2 then 1 else 0 end)::text as season_key
      from grain g
    ),
    expanded as (
      select scope_key as scope, p.profile_id, p.points, p.won, p.lost, p.pushed, p.takes
      from periods p
      join pack_keys pk on pk.pack_id = p.pack_id
      cross join lateral unnest(
        array['all', 'pack:' || p.pack_id::text, p.day_key, p.week_key, p.season_key]
        || case when pk.league is null then array[]::text[] else array[
             'league:' || pk.league,
             'league:' || pk.league || ':' || p.day_key,
             'league:' || pk.league || ':' || p.week_key,
             'league:' || pk.league || ':' || p.season_key
           ] end
        || pk.contest_keys
        || pk.standings_keys
        || p.team_keys
      ) as scope_key
    ),
    summed as (
      select e.scope, e.profile_id,
             sum(e.points)::int as points, sum(e.won)::int as won, sum(e.lost)::int as lost,
             sum(e.pushed)::int as pushed, sum(e.takes)::int as takes
      from expanded e
      group by e.scope, e.profile_id
    )
  `;
}

/** Current takes as contributions: the rows the aggregates must equal. */
export function currentTakeContributions(filter?: SQL): SQL {
  return sql`
    select t.profile_id, t.pack_id, t.prop_id, t.created_at as take_created_at, t.points,
           (t.result = 'won')::int as won, (t.result = 'lost')::int as lost,
           (t.result = 'push')::int as pushed, (t.result <> 'void')::int as takes
    from takes t
    where t.is_current ${filter ? sql`and ${filter}` : sql``}
  `;
}
