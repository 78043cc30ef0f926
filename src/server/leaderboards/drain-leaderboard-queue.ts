import "server-only";
import { sql } from "drizzle-orm";
import { getDb, queryRows, type Db, type DbOrTx } from "@/server/db/client";
import { LEADERBOARD_LOCK_KEY, scopedContributions } from "./scoped-contributions";

export interface DrainResult {
  /** Queued take changes folded into leaderboard_totals. */
  applied: number;
  /** True when the deadline stopped the drain with changes still queued. */
  remaining: boolean;
}

const DEFAULT_BATCH = 5_000;

/**
 * Folds queued take changes into leaderboard_totals (and the per-prop take
 * counts of prop_take_counts), a batch per short
 * transaction: each batch deletes its queue rows and adds their sums in one
 * statement, so a change is applied exactly once even if the process dies.
 * Safe to run from several processes at once (they take turns on one lock).
 */
export async function drainLeaderboardQueue(options: { batchSize?: number; deadlineMs?: number; db?: Db } = {}): Promise<DrainResult> {
  const db = options.db ?? (await getDb());
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const stopAt = options.deadlineMs === undefined ? Infinity : Date.now() + options.deadlineMs;
  let applied = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LEADERBOARD_LOCK_KEY})`);
      await tx.execute(sql`set local jit = off`);
      return applyQueuedChanges(tx, batchSize);
    });
    applied += batch;
    if (batch < batchSize) return { applied, remaining: false };
    if (Date.now() >= stopAt) return { applied, remaining: true };
  }
}

/**
 * Folds the queued changes of up to `limit` players (in no particular order: they are sums; null
 * = every change) into leaderboard_totals inside the caller's transaction, which must hold
 * LEADERBOARD_LOCK_KEY. Returns how many queued changes it applied (at least `limit` when
 * the queue held that many).
 */
export async function applyQueuedChanges(tx: DbOrTx, limit: number | null): Promise<number> {
  // A batch is every queued change of up to `limit` players, not `limit` changes in queue order:
  // a grade queues one change per take, prop after prop, so a player's changes from several grades
  // (three props of a pack and a re-grade) fold into one row per scope here instead of one per
  // grade. That cut the catch-up after bench/grade-prop's four grades about fourfold
  // (docs/decisions/024-season-scale.md). Rows queued after this statement began are left for the
  // next batch (its snapshot does not see them), so each change is still applied exactly once.
  const source = sql`
    delete from leaderboard_queue
    ${limit === null ? sql`` : sql`where profile_id in (select q.profile_id from leaderboard_queue q limit ${limit})`}
    returning profile_id, pack_id, prop_id, take_created_at, points, won, lost, pushed, takes, side
  `;
  // Left unchecked (docs/decisions/055-typed-row-edge.md): the worker's hottest statement; its two lists go back into SQL as json untouched and are never read field by field here.
  const [result] = await queryRows<{ drained: number; emptied: unknown; empty_scores: unknown }>(
    tx,
    sql`
      ${scopedContributions(source)},
      applied as (
        insert into leaderboard_totals as lt (scope, profile_id, handle, points, won, lost, pushed, takes, updated_at)
        select s.scope, s.profile_id, pr.handle, s.points, s.won, s.lost, s.pushed, s.takes, now()
        from summed s
        join profiles pr on pr.id = s.profile_id
        order by s.scope, s.profile_id
        on conflict (scope, profile_id) do update set
          points = lt.points + excluded.points,
          won = lt.won + excluded.won,
          lost = lt.lost + excluded.lost,
          pushed = lt.pushed + excluded.pushed,
          takes = lt.takes + excluded.takes,
          updated_at = excluded.updated_at
        returning lt.scope, lt.profile_id, lt.points, lt.won, lt.lost, lt.pushed, lt.takes
      ),
      -- A profile leaves its old score and joins its new one; a row with no
      -- takes before (or after) was (or will be) absent from the board.
      -- League standings scopes rank in SQL over their own rows and move with their packs
      -- (decision 062), so they keep no score counts.
      score_moves as (
        select a.scope, a.points - s.points as points, a.won - s.won as won, -1 as profiles
        from applied a join summed s on s.scope = a.scope and s.profile_id = a.profile_id
        where a.takes - s.takes > 0 and a.scope not like 'standings:%'
        union all
        select a.scope, a.points, a.won, 1 from applied a where a.takes > 0 and a.scope not like 'standings:%'
      ),
      scores as (
        insert into leaderboard_score_counts as c (scope, points, won, profiles)
        select m.scope, m.points, m.won, sum(m.profiles)::int
        from score_moves m
        group by m.scope, m.points, m.won
        having sum(m.profiles) <> 0
        order by m.scope, m.points, m.won
        on conflict (scope, points, won) do update set profiles = c.profiles + excluded.profiles
        returning c.scope, c.points, c.won, c.profiles
      ),
      -- The "N fan takes" per prop (prop_take_counts); a prop deleted since its takes were
      -- queued has nothing left to count.
      prop_counts as (
        insert into prop_take_counts as ptc (prop_id, pack_id, takes, takes_a, takes_b)
        select s.prop_id, s.pack_id, sum(s.takes)::int,
               coalesce(sum(s.takes) filter (where s.side = 'A'), 0)::int,
               coalesce(sum(s.takes) filter (where s.side = 'B'), 0)::int
        from source s
        where exists (select 1 from props p where p.id = s.prop_id)
        group by s.prop_id, s.pack_id
        -- A changed pick nets to no take but moves one from a side to the other.
        having bool_or(s.takes <> 0)
        order by s.prop_id
        on conflict (prop_id) do update set
          takes = ptc.takes + excluded.takes,
          takes_a = ptc.takes_a + excluded.takes_a,
          takes_b = ptc.takes_b + excluded.takes_b
      )
      select (select count(*) from source)::int as drained,
             (select json_agg(json_build_object('scope', a.scope, 'profile_id', a.profile_id))
              from applied a
              where a.takes = 0 and a.points = 0 and a.won = 0 and a.lost = 0 and a.pushed = 0) as emptied,
             (select json_agg(json_build_object('scope', c.scope, 'points', c.points, 'won', c.won))
              from scores c where c.profiles = 0) as empty_scores
    `,
  );
  const parse = (value: unknown): unknown[] => {
    const parsed = typeof value === "string" ? JSON.parse(value) : value;
    return Array.isArray(parsed) ? parsed : [];
  };
  // A profile with nothing left in a scope (e.g. every take voided) leaves that leaderboard.
  const emptied = parse(result?.emptied);
  if (emptied.length > 0) {
    await tx.execute(sql`
      delete from leaderboard_totals lt
      using json_to_recordset(${JSON.stringify(emptied)}::json) as gone(scope text, profile_id uuid)
      where lt.scope = gone.scope and lt.profile_id = gone.profile_id and lt.takes = 0
    `);
  }
  const emptyScores = parse(result?.empty_scores);
  if (emptyScores.length > 0) {
    await tx.execute(sql`
      delete from leaderboard_score_counts c
      using json_to_recordset(${JSON.stringify(emptyScores)}::json) as gone(scope text, points int, won int)
      where c.scope = gone.scope and c.points = gone.points and c.won = gone.won and c.profiles = 0
    `);
  }
  return Number(result?.drained ?? 0);
}
