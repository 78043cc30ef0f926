import "server-only";
import { collectionKeyFilter, type CollectionPageRequest } from "@/server/collections/collection";
import { sql } from "drizzle-orm";
import { getReadDb } from "@/server/db/client";
import { AppError } from "@/server/http/app-error";
import { contestScopeKey } from "@/domain/leaderboard-scope";
import { getLeaderboardPage, type LeaderboardPage } from "@/server/leaderboards/get-leaderboard-page";
import { LISTED_PACKS_PAGE, readListedPackPage } from "./contest-pack";
import type { ListedPack } from "@/domain/views";
import { readContestSummaries, type ContestSummary } from "./contest-summary";

export interface ContestPage {
  contest: ContestSummary;
  /** Every current pack (open first), then past ones up to `packLimit` cards in all, each part by soonest event. */
  packs: ListedPack[];
  /** Every public pack of the contest, shown or not. */
  packCount: number;
  leaderboard: LeaderboardPage;
}

export const NO_CONTEST = "No contest data found.";

/**
 * A contest page (`/contests/{contestID}`, slug or uuid): the contest, its
 * public packs (the first `packLimit` cards, every current one included) and
 * one page of its leaderboard — the maintained aggregate of its packs' current takes (scope `contest:{id}`), ranked like every
 * leaderboard. Drafts are not found.
 */
export async function getContestPage(options: CollectionPageRequest & { contestID: string }): Promise<ContestPage> {
  const db = options.db ?? (await getReadDb());
  const now = options.now ?? new Date();
  const [contest] = await readContestSummaries(db, sql`${collectionKeyFilter(options.contestID)} and c.status <> 'draft'`, now);
  if (!contest) throw new AppError("NOT_FOUND", NO_CONTEST);

  const { packs, total: packCount } = await readListedPackPage(db, {
    membership: sql`select cp.pack_id, 0 as position from contest_packs cp where cp.contest_id = ${contest.id}::uuid`,
    order: "contest",
    limit: options.packLimit ?? LISTED_PACKS_PAGE,
    now,
  });

  const leaderboard = await getLeaderboardPage({
    db,
    scope: contestScopeKey(contest.id),
    page: options.page,
    viewerProfileId: options.viewerProfileId,
  });
  return { contest, packs, packCount, leaderboard };
}
