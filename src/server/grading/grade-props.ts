import "server-only";
import { inArray } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { packs } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import { drainLeaderboardQueue } from "@/server/leaderboards/drain-leaderboard-queue";
import type { PropOutcome } from "@/domain/grading";
import { gradeProp, type GradePropResult, type WinnersChange } from "./grade-prop";
import type { GradePropsResult } from "@/domain/schemas/grading";

export type { GradePropsResult };
import { queuePackGradedTexts } from "./queue-pack-graded-texts";

export interface PropGrade {
  propId: string;
  outcome: PropOutcome | null;
  resultText?: string | null;
}

// How long a request waits for the leaderboards to catch up before leaving the rest to the worker.
const LEADERBOARD_WAIT_MS = 3_000;

/**
 * The admin grading action: grades each prop in its own short transaction
 * (a failed prop does not undo the others), then brings the leaderboards up
 * to date and texts the participants of every pack these grades completed.
 */
export async function gradeProps(options: { grades: PropGrade[]; actorProfileId: string; now?: Date; db?: Db }): Promise<GradePropsResult> {
  const db = options.db ?? (await getDb());
  const results: GradePropResult[] = [];
  const errors: GradePropsResult["errors"] = [];
  for (const grade of options.grades) {
    try {
      results.push(await gradeProp({ ...grade, actorProfileId: options.actorProfileId, now: options.now, db }));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      errors.push({ propId: grade.propId, error: error.userMessage });
    }
  }

  const drained = await drainLeaderboardQueue({ db, deadlineMs: LEADERBOARD_WAIT_MS });

  const packIds = [...new Set(results.map((result) => result.packId))];
  const completed = new Set(results.filter((result) => result.packBecameGraded).map((result) => result.packId));
  const rows = packIds.length
    ? await db
        .select({ id: packs.id, packURL: packs.packUrl, title: packs.title, status: packs.status })
        .from(packs)
        .where(inArray(packs.id, packIds))
    : [];
  let textsQueued = 0;
  for (const packId of completed) textsQueued += (await queuePackGradedTexts({ packId, db })).queued;

  const winners = new Map<string, WinnersChange>();
  for (const result of results) {
    if (!result.winners) continue;
    const first = winners.get(result.packId);
    winners.set(result.packId, first ? { ...result.winners, before: first.before } : result.winners);
  }

  return {
    results,
    errors,
    packs: rows.map((row) => ({
      packId: row.id,
      packURL: row.packURL,
      title: row.title,
      status: row.status,
      becameGraded: completed.has(row.id),
      winners: winners.get(row.id) ?? null,
    })),
    textsQueued,
    correctionTexts: results.reduce((sum, result) => sum + result.correctionTexts, 0),
    leaderboardsCurrent: !drained.remaining,
  };
}
