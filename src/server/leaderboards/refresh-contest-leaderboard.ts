import "server-only";
import { sql } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { contestScopeKey } from "@/domain/leaderboard-scope";
import { applyQueuedChanges } from "./drain-leaderboard-queue";
import { currentTakeContributions, LEADERBOARD_LOCK_KEY, scopedContributions } from "./scoped-contributions";

/**
 * Recomputes one contest's leaderboard from the takes of the packs it holds
 * now; call it after adding or removing packs. Cost is bounded by the
 * contest's takes. Queued changes are applied first, in the same transaction,
 * so none is counted twice.
 */
export async function refreshContestLeaderboard(options: { contestId: string; db?: Db }): Promise<void> {
  const db = options.db ?? (await getDb());
  const scope = contestScopeKey(options.contestId);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LEADERBOARD_LOCK_KEY})`);
    await tx.execute(sql`lock table takes in share mode`);
    await tx.execute(sql`set local jit = off`);
    await applyQueuedChanges(tx, null);
    await tx.execute(sql`delete from leaderboard_totals where scope = ${scope}`);
    await tx.execute(sql`delete from leaderboard_score_counts where scope = ${scope}`);
    await tx.execute(sql`
      ${scopedContributions(
        currentTakeContributions(
          sql`t.pack_id in (select cp.pack_id from contest_packs cp where cp.contest_id = ${options.contestId})`,
        ),
      )}
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
