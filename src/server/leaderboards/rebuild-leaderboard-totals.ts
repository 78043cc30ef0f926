import "server-only";
import { sql } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { currentTakeContributions, LEADERBOARD_LOCK_KEY, scopedContributions } from "./scoped-contributions";

/**
 * Recomputes every leaderboard (and prop_take_counts) from the current takes and empties the queue,
 * atomically: writers of takes wait (share lock) until it commits, so no
 * change is counted twice or lost. For repairs, imports and seeds; the normal
 * path is the queue drain.
 */
export async function rebuildLeaderboardTotals(options: { db?: Db } = {}): Promise<{ rows: number }> {
  const db = options.db ?? (await getDb());
  return db.transaction((tx) => rebuildLeaderboardTotalsInTransaction(tx));
}

/** The rebuild inside a transaction the caller owns (e.g. the demo seed, right after it wrote the takes). */
export async function rebuildLeaderboardTotalsInTransaction(tx: Tx): Promise<{ rows: number }> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LEADERBOARD_LOCK_KEY})`);
  await tx.execute(sql`lock table takes in share mode`);
  await tx.execute(sql`set local jit = off`);
  await tx.execute(sql`set local work_mem = '256MB'`);
  await tx.execute(sql`delete from leaderboard_queue`);
  await tx.execute(sql`delete from leaderboard_totals`);
  await tx.execute(sql`delete from leaderboard_score_counts`);
  await tx.execute(sql`delete from prop_take_counts`);
  await tx.execute(sql`
    insert into prop_take_counts (prop_id, pack_id, takes, takes_a, takes_b)
    select t.prop_id, t.pack_id, count(*)::int, count(*) filter (where t.side = 'A')::int, count(*) filter (where t.side = 'B')::int
    from takes t
    where t.is_current and t.result <> 'void'
    group by t.prop_id, t.pack_id
  `);
  await tx.execute(sql`
    ${scopedContributions(currentTakeContributions())}
    insert into leaderboard_totals (scope, profile_id, handle, points, won, lost, pushed, takes)
    select s.scope, s.profile_id, pr.handle, s.points, s.won, s.lost, s.pushed, s.takes
    from summed s
    join profiles pr on pr.id = s.profile_id
    where s.takes > 0
  `);
  // The league standings' last receipt times (decision 062) are rebuilt with the totals they sit beside.
  await tx.execute(sql`delete from standings_last_receipts`);
  await tx.execute(sql`
    insert into standings_last_receipts (scope, profile_id, last_submitted_at)
    select k.scope, r.profile_id, max(r.created_at)
    from receipts r
    join packs p on p.id = r.pack_id
    cross join unnest(standings_scope_keys(p.league, p.status, p.close_time, p.open_time, p.created_at)) as k(scope)
    group by k.scope, r.profile_id
  `);
  await tx.execute(sql`
    insert into leaderboard_score_counts (scope, points, won, profiles)
    select scope, points, won, count(*)::int from leaderboard_totals where scope not like 'standings:%' group by scope, points, won
  `);
  const [count] = await selectRows(
    tx,
    sql`select count(*)::int as rows from leaderboard_totals`,
    rowShape((r) => ({ rows: r.int("rows") })),
  );
  return { rows: Number(count?.rows ?? 0) };
}
