import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { contestScopeKey, seriesScopeKey } from "@/domain/leaderboard-scope";
import { applyQueuedChanges } from "./drain-leaderboard-queue";
import { currentTakeContributions, LEADERBOARD_LOCK_KEY, scopedContributions } from "./scoped-contributions";

/**
 * Recomputes one contest's leaderboard from the takes of the packs it holds
 * now; call it after adding or removing packs. Cost is bounded by the
 * contest's takes. Queued changes are applied first, in the same transaction,
 * so none is counted twice.
 */
export async function refreshContestLeaderboard(options: { contestId: string; db?: Db }): Promise<void> {
  await refreshPackSetLeaderboard({
    scope: contestScopeKey(options.contestId),
    packIds: sql`select cp.pack_id from contest_packs cp where cp.contest_id = ${options.contestId}`,
    db: options.db,
  });
}

/** The same for a series (its `series:{id}` board), after its packs changed. */
export async function refreshSeriesLeaderboard(options: { seriesId: string; db?: Db }): Promise<void> {
  await refreshPackSetLeaderboard({
    scope: seriesScopeKey(options.seriesId),
    packIds: sql`select sp.pack_id from series_packs sp where sp.series_id = ${options.seriesId}`,
    db: options.db,
  });
}

/** Recomputes the board of a named set of packs (`scope`) from the current takes of `packIds`. */
async function refreshPackSetLeaderboard(options: { scope: string; packIds: SQL; db?: Db }): Promise<void> {
  const db = options.db ?? (await getDb());
  const { scope } = options;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LEADERBOARD_LOCK_KEY})`);
    await tx.execute(sql`lock table takes in share mode`);
    await tx.execute(sql`set local jit = off`);
    await applyQueuedChanges(tx, null);
    await tx.execute(sql`delete from leaderboard_totals where scope = ${scope}`);
    await tx.execute(sql`delete from leaderboard_score_counts where scope = ${scope}`);
    await tx.execute(sql`
      ${scopedContributions(currentTakeContributions(sql`t.pack_id in (${options.packIds})`))}
      insert into leaderboard_totals (scope, profile_id, handle, points, won, lost, pushed, takes)
      select s.scope, s.profile_id, pr.handle, s.points, s.won, s.lost, s.pushed, s.takes
      from summed s
      join profiles pr on pr.id = s.profile_id
      where s.scope = ${scope} and s.takes > 0
    `);
    await tx.execute(sql`
      insert into leaderboard_score_counts (scope, points, won, profiles)
      select scope, points, won, count(*)::int from leaderboard_totals where scope = ${scope} group by scope, points, won
    `);
  });
}
