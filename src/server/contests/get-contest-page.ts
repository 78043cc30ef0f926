import "server-only";
import { sql } from "drizzle-orm";
import { getReadDb, type DbOrTx } from "@/server/db/client";
import { AppError } from "@/server/http/app-error";
import { contestScopeKey } from "@/domain/leaderboard-scope";
import { getLeaderboardPage, type LeaderboardPage } from "@/server/leaderboards/get-leaderboard-page";
import { readListedPacks, type ListedPack } from "./contest-pack";
import { contestKeyFilter, readContestSummaries, type ContestSummary } from "./contest-summary";

export interface ContestPage {
  contest: ContestSummary;
  /** Open packs first, then by soonest event. */
  packs: ListedPack[];
  leaderboard: LeaderboardPage;
}

export const NO_CONTEST = "No contest data found.";

/**
 * A contest page (`/contests/{contestID}`, slug or uuid): the contest, its
 * public packs and one page of its leaderboard — the maintained aggregate of
 * its packs' current takes (scope `contest:{id}`), ranked like every
 * leaderboard. Drafts are not found.
 */
export async function getContestPage(options: {
  contestID: string;
  viewerProfileId?: string | null;
  page?: number;
  now?: Date;
  db?: DbOrTx;
}): Promise<ContestPage> {
  const db = options.db ?? (await getReadDb());
  const now = options.now ?? new Date();
  const [contest] = await readContestSummaries(db, sql`${contestKeyFilter(options.contestID)} and c.status <> 'draft'`, now);
  if (!contest) throw new AppError("NOT_FOUND", NO_CONTEST);

  const packs = await readListedPacks(
    db,
    sql`select cp.pack_id, 0 as position from contest_packs cp where cp.contest_id = ${contest.id}::uuid`,
    now,
  );
  const eventTime = (pack: ListedPack) => Date.parse(pack.firstEventTime ?? pack.closeTime ?? "") || Number.MAX_SAFE_INTEGER;
  packs.sort(
    (a, b) =>
      Number(b.chip === "Active") - Number(a.chip === "Active") ||
      eventTime(a) - eventTime(b) ||
      a.title.localeCompare(b.title),
  );

  const leaderboard = await getLeaderboardPage({
    db,
    scope: contestScopeKey(contest.id),
    page: options.page,
    viewerProfileId: options.viewerProfileId,
  });
  return { contest, packs: packs.map(({ position: _position, ...pack }) => pack), leaderboard };
}
