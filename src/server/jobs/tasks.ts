import "server-only";
import { and, inArray, lt } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { jobs, rateLimitCounters } from "@/server/db/schema";
import { queuePackGradedTexts } from "@/server/grading/queue-pack-graded-texts";
import { drainLeaderboardQueue } from "@/server/leaderboards/drain-leaderboard-queue";
import { pickForAiPlayer } from "@/server/ai-player/pick-for-ai-player";
import { queuePackOpenTexts } from "@/server/notifications/pack-open/queue-pack-open-texts";
import { queuePackReminders } from "@/server/notifications/reminders/queue-pack-reminders";
import { purgeStaleLoginCodes } from "@/server/auth/purge-stale-login-codes";
import { purgeOldLineChecks } from "@/server/auth/check-line";
import { purgeOldShareCards } from "@/server/cards/get-share-card";
import { settleH2hChallenges } from "@/server/h2h/settle-h2h-challenges";
import { gradeProp } from "@/server/grading/grade-prop";
import { getEspnClient } from "@/server/integrations/espn/client";
import { runLivePoll } from "@/server/live/poll-live-games";
import { serverEnv } from "@/env";
import { runAutoGrade } from "./auto-grade";
import type { JobName, JobPayload } from "./job-payloads";
import type { RetryPolicy } from "./retry-policy";

export interface PeriodicTask {
  name: string;
  everyMs: number;
  run: () => Promise<void>;
}

/** A queued job's handler and retry policy; the handler gets the payload as job-payloads.ts declares it. */
export interface JobDefinition<N extends JobName> {
  run: (payload: JobPayload<N>) => Promise<void>;
  retry: RetryPolicy;
}

/** Finished jobs are kept this long for inspection, then purged. */
export const DONE_JOB_RETENTION_MS = 7 * 24 * 60 * 60_000;
export const FAILED_JOB_RETENTION_MS = 30 * 24 * 60 * 60_000;

/**
 * Queued job handlers by name; each must be idempotent: a job whose worker dies mid-run is
 * claimed again once its lease lapses, so it may run twice (docs/decisions/028-durable-jobs.md).
 */
export const JOB_DEFINITIONS: { [N in JobName]: JobDefinition<N> } = {
  "notify-pack-graded": {
    run: async ({ packId }) => void (await queuePackGradedTexts({ packId })),
    retry: { maxAttempts: 5, firstDelayMs: 2_000, maxDelayMs: 10 * 60_000, leaseMs: 5 * 60_000 },
  },
};

/** Work the worker repeats on a schedule; each run must be safe on several machines at once. */
export const PERIODIC_TASKS: PeriodicTask[] = [
  { name: "drain-leaderboard-queue", everyMs: 2_000, run: async () => void (await drainLeaderboardQueue({ deadlineMs: 10_000 })) },
  // Props with a rule are graded by the system once ESPN reports their game final.
  { name: "auto-grade", everyMs: 5 * 60_000, run: async () => void (await runAutoGrade({ espn: getEspnClient(), gradeProp })) },
  // Live scores while a game is in play, finals graded at once; idle (no ESPN request) otherwise
  // (docs/decisions/053-game-day-live.md). Its period is read when the worker looks, not at import.
  {
    name: "live-poll",
    get everyMs() {
      return serverEnv().LIVE_POLL_MS;
    },
    run: async () => void (await runLivePoll({ gradeProp })),
  },
  { name: "settle-h2h-challenges", everyMs: 60_000, run: async () => void (await settleH2hChallenges()) },
  {
    name: "purge-expired-rate-limits",
    everyMs: 10 * 60_000,
    run: async () => {
      const db = await getDb();
      await db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, new Date()));
    },
  },
  { name: "queue-pack-open-texts", everyMs: 30_000, run: async () => void (await queuePackOpenTexts()) },
  // Reminders before a followed pack closes, for players who still have picks to make (decision 072).
  { name: "queue-pack-reminders", everyMs: 60_000, run: async () => void (await queuePackReminders()) },
  // Every way a pack or a prop opens (publish now, its open time, a super prop, a prop added later) ends here (decision 069).
  { name: "ai-player-picks", everyMs: 15_000, run: async () => void (await pickForAiPlayer()) },
  { name: "purge-stale-login-codes", everyMs: 60 * 60_000, run: () => purgeStaleLoginCodes() },
  { name: "purge-old-line-checks", everyMs: 60 * 60_000, run: () => purgeOldLineChecks() },
  { name: "purge-old-share-cards", everyMs: 60 * 60_000, run: () => purgeOldShareCards() },
  { name: "purge-finished-jobs", everyMs: 60 * 60_000, run: async () => void (await purgeFinishedJobs(new Date())) },
];

/** Deletes done jobs older than DONE_JOB_RETENTION_MS and failed ones older than FAILED_JOB_RETENTION_MS. */
export async function purgeFinishedJobs(now: Date): Promise<number> {
  const db = await getDb();
  const done = await db
    .delete(jobs)
    .where(and(inArray(jobs.status, ["done"]), lt(jobs.finishedAt, new Date(now.getTime() - DONE_JOB_RETENTION_MS))))
    .returning({ id: jobs.id });
  const failed = await db
    .delete(jobs)
    .where(and(inArray(jobs.status, ["failed"]), lt(jobs.finishedAt, new Date(now.getTime() - FAILED_JOB_RETENTION_MS))))
    .returning({ id: jobs.id });
  return done.length + failed.length;
}
