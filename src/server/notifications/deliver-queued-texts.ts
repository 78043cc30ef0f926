import "server-only";
import { and, asc, eq, inArray, lte, notInArray, or, sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { smsOutbox } from "@/server/db/schema";
import { getSmsTransport } from "@/server/integrations/sms/get-sms-transport";
import { SmsInDoubtError } from "@/server/integrations/sms/sms-transport";
import { leaseEnd, retryDelayMs, type RetryPolicy } from "@/server/jobs/retry-policy";
import { errorFields, log } from "@/server/ops/log";
import { appMetrics } from "@/server/ops/metrics";
import { SEND_ONCE_KINDS } from "./text-kinds";

/**
 * Texts are retried 30 s, 1 min, 2 min … (capped at an hour) apart, five times; a row left in
 * `sending` two minutes (its worker died) is picked up again. The same policy shape and helpers
 * as queued jobs (src/server/jobs/retry-policy.ts, docs/decisions/028-durable-jobs.md).
 */
const TEXT_RETRY: RetryPolicy = { maxAttempts: 5, firstDelayMs: 30_000, maxDelayMs: 60 * 60_000, leaseMs: 2 * 60_000 };
export const MAX_DELIVERY_ATTEMPTS = TEXT_RETRY.maxAttempts;
/**
 * A `sending` row due at T was claimed no earlier than T minus this: the in-doubt lookup asks the
 * provider for sends since then. A failed text put back in doubt with its due time at most
 * `created_at` plus this (resend-pack-graded-texts.ts) is therefore looked up since its creation.
 */
export const IN_DOUBT_LOOKBACK_MS = TEXT_RETRY.leaseMs + TEXT_RETRY.maxDelayMs;

/**
 * Sends due queued texts. Rows are claimed with FOR UPDATE SKIP LOCKED, so
 * several workers never send the same row at once; a failure is retried with
 * backoff and given up (`failed`) after MAX_DELIVERY_ATTEMPTS.
 *
 * Exactly once (docs/decisions/031-crash-safe-worker.md): a row claimed while still `sending`
 * (its worker died between handing the text over and recording it) or left `sending` by a send
 * that got no answer is in doubt, and is sent again only after the transport says the far end
 * does not hold it; when it does, the row is recorded as sent without a second text.
 */
export async function deliverQueuedTexts(options: { limit?: number; now?: Date } = {}): Promise<{ sent: number; failed: number }> {
  const db = await getDb();
  const now = options.now ?? new Date();
  const inDoubtSince = new Map<string, Date>();
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: smsOutbox.id, status: smsOutbox.status, nextAttemptAt: smsOutbox.nextAttemptAt })
      .from(smsOutbox)
      .where(
        and(
          or(eq(smsOutbox.status, "pending"), eq(smsOutbox.status, "sending")),
          lte(smsOutbox.nextAttemptAt, now),
          notInArray(smsOutbox.kind, [...SEND_ONCE_KINDS]),
        ),
      )
      .orderBy(asc(smsOutbox.nextAttemptAt))
      .limit(options.limit ?? 20)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    // A `sending` row was handed over, or about to be, by an earlier claim: at the earliest that claim's start.
    const earliestClaim = (row: (typeof due)[number]) => new Date(row.nextAttemptAt.getTime() - IN_DOUBT_LOOKBACK_MS);
    for (const row of due) if (row.status === "sending") inDoubtSince.set(row.id, earliestClaim(row));
    return tx
      .update(smsOutbox)
      .set({
        status: "sending",
        attempts: sql`${smsOutbox.attempts} + 1`,
        nextAttemptAt: leaseEnd(TEXT_RETRY, now),
      })
      .where(
        inArray(
          smsOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });

  let sent = 0;
  let failed = 0;
  const transport = getSmsTransport();
  // Network calls happen outside the transaction: PGlite would block every query meanwhile.
  for (const text of claimed) {
    const message = { to: text.toPhone, body: text.body, key: text.id };
    const since = inDoubtSince.get(text.id);
    let lookedUp = false;
    try {
      const earlier = since ? await transport.findSent(message, since) : null;
      lookedUp = true;
      if (earlier) log("info", "text in doubt was already delivered; not sent again", { outboxId: text.id, kind: text.kind });
      const delivery = earlier ?? (await transport.send(message));
      await db
        .update(smsOutbox)
        .set({ status: "sent", sentAt: new Date(), providerMessageId: delivery.providerMessageId, lastError: null })
        .where(eq(smsOutbox.id, text.id));
      sent++;
      if (!earlier) appMetrics().textsSent.inc();
    } catch (error) {
      failed++;
      appMetrics().textsFailed.inc();
      const giveUp = text.attempts >= MAX_DELIVERY_ATTEMPTS;
      const { error: message } = errorFields(error);
      // A send with no answer, or a lookup that could not tell, stays in doubt (`sending`): looked up before any resend.
      const inDoubt = error instanceof SmsInDoubtError || !lookedUp;
      log(giveUp ? "error" : "warn", "text delivery failed", {
        outboxId: text.id,
        kind: text.kind,
        attempts: text.attempts,
        inDoubt,
        error: message,
      });
      await db
        .update(smsOutbox)
        .set({
          status: giveUp ? "failed" : inDoubt ? "sending" : "pending",
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(TEXT_RETRY, text.attempts)),
          lastError: String(message),
        })
        .where(eq(smsOutbox.id, text.id));
    }
  }
  return { sent, failed };
}
