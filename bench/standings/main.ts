// Benchmark (docs/decisions/062-league-standings.md, "Maintained season and week totals"): a league
// season's standings page on a season database (bench/standings/run.mjs loads it; DATABASE_URL points
// here). Measured in one run, alternately, through the product's own reader (readStandings,
// readWeeklyWinners: what /standings and /api/standings call):
//   - a season page (the top 50 and a page deep in the list, with the viewer's own row), on the
//     default tie-break order (points, props won, earliest final submission) and on points then won;
//   - one week's page, the week tabs' neighbour;
//   - the weekly winners of the season;
//   - the baseline: the season summed from scratch as the reader did before the maintained scopes
//     (every pack's `pack:{id}` rows of leaderboard_totals grouped per player, each player's last
//     receipt over the season's receipts), on the same rows.
// Budget: the season page's p50 (default order, top page) at most 150 ms. Exits 1 over budget, 2
// when the run failed. About 10-20 s after the load on the 2-core host.
//
//   node bench/standings/run.mjs            (BENCH_SIZE=ci: a quarter season)
import { sql } from "drizzle-orm";
import { closeDb, getDb, queryRows } from "@/server/db/client";
import { readStandings, readWeeklyWinners, type StandingsSet } from "@/server/standings/read-standings";
import { DEFAULT_STANDINGS_TIE_BREAK, seasonDays, standingsWeekStart, type StandingsTieBreak } from "@/domain/standings";
import { TIME_ZONE } from "@/config";

const RUNS = Number(process.env.BENCH_STANDINGS_RUNS ?? 25);
const BASELINE_RUNS = 5;
const BUDGET_MS = 150;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

async function time(work: () => Promise<unknown>): Promise<number> {
  const from = performance.now();
  await work();
  return performance.now() - from;
}

/** The season's standings summed from scratch (the reader before decision 062's maintained scopes): the top page. */
async function fromScratch(league: string, season: number) {
  const db = await getDb();
  const days = seasonDays(season);
  return queryRows(
    db,
    sql`
      with set_packs as (
        select p.id from packs p
        where p.league = ${league} and p.status not in ('draft', 'archived')
          and (coalesce(p.close_time, p.open_time, p.created_at) at time zone ${TIME_ZONE})::date between ${days.first}::date and ${days.last}::date
      ),
      totals as (
        select lt.profile_id, min(lt.handle) as handle, sum(lt.points)::int as points, sum(lt.won)::int as won, sum(lt.takes)::int as picks
        from leaderboard_totals lt
        where lt.scope = any(array(select 'pack:' || s.id::text from set_packs s))
        group by lt.profile_id having sum(lt.takes) > 0
      ),
      submitted as (
        select r.profile_id, max(r.created_at) as last_submitted_at from receipts r
        where r.pack_id = any(array(select s.id from set_packs s)) group by r.profile_id
      ),
      ranked as (
        select t.*, row_number() over (order by t.points desc, t.won desc, s.last_submitted_at asc nulls last, lower(t.handle) collate "C", t.profile_id) as position
        from totals t left join submitted s on s.profile_id = t.profile_id
      )
      select * from ranked where position <= 50 order by position`,
  );
}

async function main() {
  const db = await getDb();
  const [facts] = await queryRows<{ league: string; day: string; viewer: string | null; packs: number; rows: number }>(
    db,
    sql`
      select p.league, to_char((max(p.close_time) at time zone ${TIME_ZONE})::date, 'YYYY-MM-DD') as day,
             (select id::text from profiles where handle = 'every_pack_fan') as viewer, count(*)::int as packs,
             (select count(*)::int from leaderboard_totals where scope like 'pack:%') as rows
      from packs p where p.league is not null and p.status = 'graded'
      group by p.league order by count(*) desc limit 1`,
  );
  if (!facts) throw new Error("no graded league packs: was the season loaded?");
  const league = facts.league as "nfl" | "mlb";
  const season = Number(facts.day.slice(0, 4)) - (Number(facts.day.slice(5, 7)) <= 2 ? 1 : 0);
  const seasonSet: StandingsSet = { kind: "league", league, season, week: null };
  const weekSet: StandingsSet = { ...seasonSet, week: standingsWeekStart(league, facts.day) };
  const first = await readStandings({ set: seasonSet, order: DEFAULT_STANDINGS_TIE_BREAK });
  console.log(
    `${league} ${season}: ${facts.packs} graded packs, ${first.total.toLocaleString("en-US")} players in the standings; ` +
      `${Number(facts.rows).toLocaleString("en-US")} per-pack leaderboard rows in all`,
  );
  const deep = Math.max(0, first.total - 100);
  const cases: Array<{ name: string; work: () => Promise<unknown>; runs: number; samples: number[] }> = [];
  const add = (name: string, work: () => Promise<unknown>, runs = RUNS) => cases.push({ name, work, runs, samples: [] });
  const page =
    (set: StandingsSet, order: readonly StandingsTieBreak[], after = 0) =>
    () =>
      readStandings({ set, order, after, viewerProfileId: facts.viewer });
  add("season page, default order (top 50 + viewer)", page(seasonSet, DEFAULT_STANDINGS_TIE_BREAK));
  add("season page, default order (deep page)", page(seasonSet, DEFAULT_STANDINGS_TIE_BREAK, deep));
  add("season page, points then won", page(seasonSet, ["won"]));
  add("one week's page, default order", page(weekSet, DEFAULT_STANDINGS_TIE_BREAK));
  add("weekly winners of the season", () => readWeeklyWinners({ set: seasonSet, order: DEFAULT_STANDINGS_TIE_BREAK }));
  add("baseline: season summed from scratch (before)", () => fromScratch(league, season), BASELINE_RUNS);
  // Warm-up, then the cases in turn, round after round, so a slow moment of the host falls on all of them.
  for (const c of cases) await c.work();
  for (let round = 0; round < RUNS; round++) {
    for (const c of cases) if (round < c.runs) c.samples.push(await time(c.work));
  }
  for (const c of cases) {
    console.log(
      `  ${c.name.padEnd(50)} p50 ${percentile(c.samples, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(c.samples, 95).toFixed(1).padStart(7)} ms  (${c.samples.length} runs)`,
    );
  }
  const p50 = percentile(cases[0]!.samples, 50);
  const before = percentile(cases.at(-1)!.samples, 50);
  console.log(
    `season page p50 ${p50.toFixed(1)} ms (budget ${BUDGET_MS} ms), ${(before / p50).toFixed(1)}x faster than summing the season from scratch`,
  );
  if (p50 > BUDGET_MS) {
    console.log("OVER BUDGET");
    return 1;
  }
  return 0;
}

main()
  .then(async (code) => {
    await closeDb();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    console.error(error);
    await closeDb().catch(() => undefined);
    process.exit(2);
  });
