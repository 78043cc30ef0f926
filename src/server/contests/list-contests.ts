import "server-only";
import { sql } from "drizzle-orm";
import { contestListRank } from "@/domain/contest-status";
import { getReadDb, type DbOrTx } from "@/server/db/client";
import { readContestSummaries, type ContestSummary } from "./contest-summary";

/**
 * The contests players see on `/contests` (never drafts): open, coming up,
 * closed, then graded; within a group, the soonest end first (coming up: the
 * soonest start), finished ones most recent first.
 */
export async function listContests(options: { now?: Date; db?: DbOrTx } = {}): Promise<ContestSummary[]> {
  const db = options.db ?? (await getReadDb());
  const now = options.now ?? new Date();
  const contests = await readContestSummaries(db, sql`c.status <> 'draft'`, now);
  const time = (value: string | null, fallback: number) => (value ? Date.parse(value) : fallback);
  const sortKey = (contest: ContestSummary) => {
    switch (contest.status) {
      case "open":
        return time(contest.endsAt, Number.MAX_SAFE_INTEGER);
      case "coming-up":
        return time(contest.startsAt, Number.MAX_SAFE_INTEGER);
      default:
        return -time(contest.endsAt, 0);
    }
  };
  return contests.sort(
    (a, b) => contestListRank(a.status) - contestListRank(b.status) || sortKey(a) - sortKey(b) || a.title.localeCompare(b.title),
  );
}
