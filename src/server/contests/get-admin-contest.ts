import "server-only";
import { collectionKeyFilter, listCollectionPackOptions } from "@/server/collections/collection";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/http/app-error";
import { readContestSummaries } from "./contest-summary";
import type { AdminContest } from "@/domain/schemas/contests";

/** One contest with all its packs, for the edit form. */
export async function getAdminContest(options: { contestID: string; now?: Date }): Promise<AdminContest> {
  const db = await getDb();
  const [contest] = await readContestSummaries(db, collectionKeyFilter(options.contestID), options.now ?? new Date());
  if (!contest) throw new AppError("NOT_FOUND", "Contest not found.");
  return { contest, packs: await listCollectionPackOptions("contest", contest.id, db) };
}
