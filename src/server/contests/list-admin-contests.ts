import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { readContestSummaries, type ContestSummary } from "./contest-summary";

/** Every contest, drafts included, for `/admin/contests` (the page filters and sorts them). */
export async function listAdminContests(options: { now?: Date } = {}): Promise<ContestSummary[]> {
  const db = await getDb();
  const contests = await readContestSummaries(db, sql`true`, options.now ?? new Date());
  return contests.sort((a, b) => (Date.parse(b.endsAt ?? "") || 0) - (Date.parse(a.endsAt ?? "") || 0));
}
