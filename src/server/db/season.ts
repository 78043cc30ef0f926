import { sql } from "drizzle-orm";
import type { Db, Tx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { packWinnersSql } from "@/server/grading/pack-winner-rule";
import { rebuildLeaderboardTotalsInTransaction } from "@/server/leaderboards/rebuild-leaderboard-totals";

/**
 * A season of history next to the demo world, for trying the app at scale and
 * for the season and surge benchmarks (issue 20, docs/decisions/024-season-scale.md):
 * graded packs of eight props spread over the past half year, open packs over
 * the coming week, many players, ~150 players per pack and one player
 * ("every_pack_fan") who played every pack.
 *
 * Everything is written set-based in one transaction (all of it or nothing):
 * generate_series and md5-derived ids and choices, so the same size always
 * gives the same world and a load is seconds per million rows, not minutes of
 * row-by-row inserts. The takes table's secondary indexes and composite keys
 * are dropped for the load and built once afterwards (a sorted build and one
 * validating join instead of 3,000,000 index insertions and key lookups), and
 * its leaderboard-queue trigger is off: the leaderboards are rebuilt from the
 * takes at the end instead of queueing one row per take.
 */
export interface SeasonSize {
  gradedPacks: number;
  openPacks: number;
  players: number;
  /** Players on each pack besides every_pack_fan; each picks all eight props. */
  playersPerPack: number;
}

export const SEASON_SIZES = {
  /** Issue 20's season: 2,500 graded packs, 30 open, 100,000 players, ~3,000,000 takes. */
  full: { gradedPacks: 2_500, openPacks: 30, players: 100_000, playersPerPack: 150 },
  /** A quarter season (CI's bench/season): 625 graded packs, 25,000 players, ~750,000 takes. */
  quarter: { gradedPacks: 625, openPacks: 30, players: 25_000, playersPerPack: 150 },
  /** Small enough for a unit test on the embedded database. */
  tiny: { gradedPacks: 24, openPacks: 4, players: 60, playersPerPack: 6 },
} as const satisfies Record<string, SeasonSize>;

export const PROPS_PER_SEASON_PACK = 8;
export const SEASON_HEAVY_HANDLE = "every_pack_fan";

export interface SeasonResult {
  loaded: boolean;
  reason?: string;
  counts?: Record<string, number>;
  heavyProfileId?: string;
  seconds?: number;
}

// The same advisory key as the demo seed's: a season load and a seed never interleave.
const SEED_LOCK_KEY = 727_002;
const PROP_LABELS = [
  ["Who wins?", "Winner"],
  ["Total points over or under?", "Total"],
  ["Who scores first?", "First score"],
  ["Who leads at the half?", "Halftime"],
  ["Who covers the spread?", "Spread"],
  ["Lead change in the last quarter?", "Late swing"],
  ["Who has more hits or first downs?", "Offense"],
  ["Who commits more errors or turnovers?", "Mistakes"],
] as const;

/**
 * Loads a season of `size` next to what the database holds (the demo world's
 * teams are required). Refuses when a season is already loaded.
 */
export async function loadSeason(db: Db, size: SeasonSize, options: { now?: Date } = {}): Promise<SeasonResult> {
  const started = performance.now();
  const now = (options.now ?? new Date()).toISOString();
  const perPack = Math.min(size.playersPerPack, size.players - 1);
  const result = await db.transaction(async (tx): Promise<SeasonResult> => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [state] = await selectRows(
      tx,
      sql`select (select count(*)::int from teams where team_type = 'team') as teams,
                 (select count(*)::int from packs where pack_url like 'season-%') as loaded`,
      rowShape((r) => ({ teams: r.int("teams"), loaded: r.int("loaded") })),
    );
    if (!state || state.teams < 4) return { loaded: false, reason: "no teams: seed the demo world first (npm run db:seed)" };
    if (state.loaded > 0) return { loaded: false, reason: "a season is already loaded" };

    await tx.execute(sql`set local synchronous_commit = off`);
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    await tx.execute(sql`set local work_mem = '64MB'`);
    await tx.execute(
      sql.raw(`create temp table season_numbers on commit drop as
      select n from generate_series(1, ${size.gradedPacks + size.openPacks}) n`),
    );

    await insertEventsAndPacks(tx, size, now);
    await insertProps(tx);
    await insertProfiles(tx, size);
    await withoutSecondaryIndexes(tx, ["takes", "token_ledger"], async () => {
      await tx.execute(sql`alter table takes disable trigger takes_leaderboard_insert`);
      await insertReceiptsAndTakes(tx, size, perPack, now);
      await tx.execute(sql`alter table takes enable trigger takes_leaderboard_insert`);
      await insertPayouts(tx);
    });
    await setWinners(tx);
    await rebuildLeaderboardTotalsInTransaction(tx);
    const [counts] = await selectRows(
      tx,
      sql`select
        (select count(*)::int from packs where pack_url like 'season-%' and status = 'graded') as "graded packs",
        (select count(*)::int from packs where pack_url like 'season-%' and status = 'open') as "open packs",
        (select count(*)::int from profiles) as players,
        (select count(*)::int from takes) as takes,
        (select count(*)::int from token_ledger) as "ledger rows",
        (select count(*)::int from leaderboard_totals) as "leaderboard rows"`,
      rowShape((r): Record<string, number> => ({
        "graded packs": r.int("graded packs"),
        "open packs": r.int("open packs"),
        players: r.int("players"),
        takes: r.int("takes"),
        "ledger rows": r.int("ledger rows"),
        "leaderboard rows": r.int("leaderboard rows"),
      })),
    );
    const [heavy] = await selectRows(
      tx,
      sql`select id from profiles where handle = ${SEASON_HEAVY_HANDLE}`,
      rowShape((r) => ({ id: r.text("id") })),
    );
    return {
      loaded: true,
      counts,
      heavyProfileId: heavy?.id,
    };
  });
  // Fresh statistics for the planner: without them it guesses a few hundred rows per table and
  // scans events per pack (measured: the feed 2x slower before this ANALYZE).
  if (result.loaded) await db.execute(sql.raw(`analyze ${ANALYZED_TABLES.join(", ")}`));
  return { ...result, seconds: Math.round((performance.now() - started) / 100) / 10 };
}

const ANALYZED_TABLES = [
  "events",
  "packs",
  "pack_events",
  "props",
  "profiles",
  "receipts",
  "takes",
  "token_ledger",
  "leaderboard_totals",
  "leaderboard_score_counts",
  "prop_take_counts",
];

/**
 * Deterministic uuid for the n-th thing of a kind: md5 hex with the version (4) and variant (8)
 * nibbles set, so it is a well-formed RFC 4122 uuid that the API's validation accepts.
 */
const uid = (kind: string, n: string) => v4(`md5('takes-season:${kind}:' || ${n})`);
const v4 = (hex: string) => `overlay(overlay(${hex} placing '4' from 13) placing '8' from 17)::uuid`;

async function insertEventsAndPacks(tx: Tx, size: SeasonSize, now: string) {
  const G = size.gradedPacks;
  // Pack k < G is graded, its game spread over the 180 days before now (newest a day ago); the
  // rest are open, their games every 6 hours over the coming days. Four in five are MLB.
  await tx.execute(
    sql.raw(`
    create temp table season_games on commit drop as
    with numbered as (
      select id, league, name, abbreviation,
             row_number() over (partition by league order by slug)::int - 1 as i,
             count(*) over (partition by league)::int as c
      from teams where team_type = 'team'
    ), picks as (
      select n, case when n % 5 = 0 then 'nfl' else 'mlb' end as league,
             case when n <= ${G}
               then timestamptz '${now}' - interval '1 day' - ((${G} - n) * interval '180 days' / greatest(${G}, 1))
               else timestamptz '${now}' + (n - ${G}) * interval '6 hours' end as start_time
      from season_numbers
    )
    select p.n, p.league, p.start_time, h.id as home_id, h.name as home_name, a.id as away_id, a.name as away_name,
           h.abbreviation as home_abbr, a.abbreviation as away_abbr,
           ${uid("event", "p.n")} as event_id, ${uid("pack", "p.n")} as pack_id,
           p.n <= ${G} as graded
    from picks p
    join lateral (select * from numbered where league = p.league and i = (p.n * 7) % c) h on true
    join lateral (select * from numbered where league = p.league and i = (p.n * 7 + 1 + p.n % 3) % c) a on true
  `),
  );
  await tx.execute(sql`
    insert into events (id, league, title, short_name, start_time, status, status_detail, home_team_id, away_team_id, home_score, away_score, season_year, created_at, updated_at)
    select event_id, league, away_name || ' at ' || home_name, away_abbr || ' @ ' || home_abbr, start_time,
           case when graded then 'final' else 'scheduled' end,
           case when graded then 'Final' else null end,
           home_id, away_id,
           case when graded then ('x' || substr(md5('h' || n), 1, 2))::bit(8)::int % 11 end,
           case when graded then ('x' || substr(md5('a' || n), 1, 2))::bit(8)::int % 10 end,
           extract(year from start_time)::int, start_time - interval '7 days', start_time
    from season_games
  `);
  await tx.execute(sql`
    insert into packs (id, pack_url, title, league, status, summary, open_time, close_time, graded_at, created_at, updated_at)
    select pack_id, 'season-' || n, away_name || ' at ' || home_name || ' · ' || to_char(start_time at time zone 'America/New_York', 'Mon FMDD'),
           league, case when graded then 'graded' else 'open' end,
           'Eight calls on ' || away_name || ' at ' || home_name || '.',
           case when graded then start_time - interval '3 days' else ${now}::timestamptz - interval '1 day' end,
           start_time,
           case when graded then start_time + interval '4 hours' end,
           start_time - interval '4 days', start_time
    from season_games
  `);
  await tx.execute(sql`insert into pack_events (pack_id, event_id, position) select pack_id, event_id, 0 from season_games`);
}

async function insertProps(tx: Tx) {
  const labels = PROP_LABELS.map(([title, short], i) => `(${i}, '${title.replace(/'/g, "''")}', '${short}')`).join(", ");
  // Graded props went to side A or B by a coin (md5 of the prop), one in fifty pushed.
  await tx.execute(
    sql.raw(`
    insert into props (id, pack_id, event_id, position, short_label, title, side_a_short, side_b_short, side_a_take, side_b_take,
                       side_a_value, side_b_value, status, result_text, grading_rule, graded_at, grade_version, created_at, updated_at)
    select ${uid("prop", "g.n || ':' || l.i")}, g.pack_id, g.event_id, l.i, l.short, l.title,
           g.away_abbr, g.home_abbr, g.away_name, g.home_name,
           150 + (('x' || substr(md5('va' || g.n || l.i), 1, 2))::bit(8)::int),
           150 + (('x' || substr(md5('vb' || g.n || l.i), 1, 2))::bit(8)::int),
           case when not g.graded then 'open'
                when ('x' || substr(md5('r' || g.n || l.i), 1, 2))::bit(8)::int < 5 then 'push'
                when ('x' || substr(md5('r' || g.n || l.i), 3, 1))::bit(4)::int % 2 = 0 then 'gradedA'
                else 'gradedB' end,
           case when g.graded then 'Final' end,
           case when l.i = 0 then 'who_wins' end,
           case when g.graded then g.start_time + interval '4 hours' end,
           case when g.graded then 1 else 0 end,
           g.start_time - interval '4 days', g.start_time
    from season_games g cross join (values ${labels}) as l(i, title, short)
  `),
  );
}

async function insertProfiles(tx: Tx, size: SeasonSize) {
  // Player 1 is every_pack_fan; the others have readable handles (e.g. "dugout_dana_1042").
  // Phones +1555000NNNN: outside the demo world's +15555550100-range.
  await tx.execute(
    sql.raw(`
    insert into profiles (id, handle, handle_is_generated, phone, created_at, updated_at)
    select ${uid("player", "n")},
           case when n = 1 then '${SEASON_HEAVY_HANDLE}'
                else (array['dugout','blitz','bullpen','redzone','gridiron','bleacher','endzone','diamond'])[1 + n % 8]
                  || '_' || (array['dana','gus','rae','lou','kit','max','sam','jo','ari','bo'])[1 + (n / 8) % 10] || '_' || n end,
           n <> 1,
           '+1555' || lpad(n::text, 7, '0'),
           timestamptz '2026-01-01' + n * interval '1 minute', timestamptz '2026-01-01' + n * interval '1 minute'
    from generate_series(1, ${size.players}) n
  `),
  );
}

async function insertReceiptsAndTakes(tx: Tx, size: SeasonSize, perPack: number, now: string) {
  // Pack k is played by every_pack_fan and by `perPack` consecutive players from an offset
  // that moves with k, so each player has a handful of packs spread over the season.
  await tx.execute(
    sql.raw(`
    create temp table season_entries on commit drop as
    select g.n as pack_n, g.pack_id, p.player_n, ${uid("player", "p.player_n")} as profile_id,
           's' || substr(md5('receipt:' || g.n || ':' || p.player_n), 1, 19) as receipt_id,
           case when g.graded then g.start_time - interval '2 days' else timestamptz '${now}' - interval '12 hours' end
             + (p.player_n % 1440) * interval '1 minute' as created_at
    from season_games g
    cross join lateral (
      select 1 as player_n
      union all
      select 2 + ((g.n * 613 + j) % ${size.players - 1}) from generate_series(1, ${perPack}) j
    ) p
  `),
  );
  await tx.execute(sql`
    insert into receipts (id, profile_id, pack_id, idempotency_key, created_at)
    select receipt_id, profile_id, pack_id, 'season-' || pack_n, created_at from season_entries
  `);
  await tx.execute(sql`
    insert into takes (id, profile_id, prop_id, pack_id, receipt_id, side, locked_value, result, points, tokens_cents, created_at)
    select t.id, t.profile_id, t.prop_id, t.pack_id, t.receipt_id, t.side, t.locked_value, t.result, t.points, t.points * 5, t.created_at
    from (
      select ${sql.raw(v4("md5('take:' || e.receipt_id || ':' || pr.position)"))} as id, e.profile_id, pr.id as prop_id, e.pack_id, e.receipt_id, e.created_at,
             s.side, case when s.side = 'A' then pr.side_a_value else pr.side_b_value end as locked_value,
             case pr.status when 'open' then 'pending' when 'push' then 'push'
                  when 'gradedA' then case when s.side = 'A' then 'won' else 'lost' end
                  else case when s.side = 'B' then 'won' else 'lost' end end as result,
             case pr.status when 'open' then 0 when 'push' then 100
                  when 'gradedA' then case when s.side = 'A' then pr.side_a_value else 0 end
                  else case when s.side = 'B' then pr.side_b_value else 0 end end as points
      from season_entries e
      join props pr on pr.pack_id = e.pack_id
      cross join lateral (
        select case when ('x' || substr(md5(e.receipt_id || pr.position), 1, 1))::bit(4)::int < 8 then 'A' else 'B' end as side
      ) s
    ) t
  `);
}

async function insertPayouts(tx: Tx) {
  // One payout per paying take, keyed as grading keys them (payout:{prop}:v{version}:{take}).
  await tx.execute(sql`
    insert into token_ledger (profile_id, amount_cents, kind, business_key, reason, take_id, pack_id, created_at)
    select t.profile_id, t.tokens_cents, 'take_payout', 'payout:' || t.prop_id || ':v1:' || t.id, 'Take payout', t.id, t.pack_id,
           p.graded_at
    from takes t join props p on p.id = t.prop_id
    where t.tokens_cents > 0 and p.pack_id in (select pack_id from season_games where graded)
  `);
}

async function setWinners(tx: Tx) {
  // The winner rule grading uses (src/server/grading/pack-winner-rule.ts).
  await tx.execute(sql`
    update packs p set winner_profile_id = w.profile_id, winner_points = w.points, winners_set_at = p.graded_at
    from (${packWinnersSql(sql`t.pack_id in (select g.pack_id from season_games g where g.graded)`)}) w
    where p.id = w.pack_id
  `);
}

/**
 * Runs `load` with the tables' secondary indexes and foreign keys dropped, then
 * builds them again from their own definitions (so the schema stays whatever
 * the migrations made it). Primary keys and unique constraints that other keys
 * point at stay.
 */
async function withoutSecondaryIndexes(tx: Tx, tables: string[], load: () => Promise<void>): Promise<void> {
  const list = sql.join(
    tables.map((t) => sql`${t}`),
    sql`, `,
  );
  const indexes = await selectRows(
    tx,
    sql`select i.indexname as name, i.indexdef as def from pg_indexes i
        where i.schemaname = 'public' and i.tablename in (${list})
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    rowShape((r) => ({ name: r.text("name"), def: r.text("def") })),
  );
  const keys = await selectRows(
    tx,
    sql`select c.conrelid::regclass::text as "table", c.conname as name, pg_get_constraintdef(c.oid) as def
        from pg_constraint c where c.contype = 'f' and c.conrelid::regclass::text in (${list})`,
    rowShape((r) => ({ table: r.text("table"), name: r.text("name"), def: r.text("def") })),
  );
  for (const key of keys) await tx.execute(sql.raw(`alter table ${key.table} drop constraint ${key.name}`));
  for (const index of indexes) await tx.execute(sql.raw(`drop index ${index.name}`));
  await load();
  for (const index of indexes) await tx.execute(sql.raw(index.def));
  for (const key of keys) await tx.execute(sql.raw(`alter table ${key.table} add constraint ${key.name} ${key.def}`));
}
