import "server-only";
import { lt } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { rateLimitCounters } from "@/server/db/schema";
import { queuePackGradedTexts } from "@/server/grading/queue-pack-graded-texts";
import { drainLeaderboardQueue } from "@/server/leaderboards/drain-leaderboard-queue";
import { queuePackOpenTexts } from "@/server/notifications/pack-open/queue-pack-open-texts";
import { purgeStaleLoginCodes } from "@/server/auth/purge-stale-login-codes";
import { deliverQueuedTexts } from "@/server/notifications/deliver-queued-texts";
import { settleH2hChallenges } from "@/server/h2h/settle-h2h-challenges";
import { gradeProp } from "@/server/grading/grade-prop";
import { getEspnClient } from "@/server/integrations/espn/client";
import { runAutoGrade } from "./auto-grade";

export interface PeriodicTask {
  name: string;
  everyMs: number;
  run: () => Promise<void>;
}

/** Queued job handlers by name; each must be idempotent (it may run twice after a crash). */
export const JOB_HANDLERS: Record<string, (payload: Record<string, unknown>) => Promise<void>> = {
  "notify-pack-graded": async (payload) => void (await queuePackGradedTexts({ packId: String(payload.packId) })),
};

/** Work the worker repeats on a schedule; each run must be safe on several machines at once. */
export const PERIODIC_TASKS: PeriodicTask[] = [
  { name: "drain-leaderboard-queue", everyMs: 2_000, run: async () => void (await drainLeaderboardQueue({ deadlineMs: 10_000 })) },
  // Props with a rule are graded by the system once ESPN reports their game final.
  { name: "auto-grade", everyMs: 5 * 60_000, run: async () => void (await runAutoGrade({ espn: getEspnClient(), gradeProp })) },
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
  { name: "deliver-queued-texts", everyMs: 5_000, run: async () => void (await deliverQueuedTexts()) },
  { name: "purge-stale-login-codes", everyMs: 60 * 60_000, run: () => purgeStaleLoginCodes() },
];
