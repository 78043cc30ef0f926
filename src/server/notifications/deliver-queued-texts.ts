import "server-only";
import { and, asc, eq, inArray, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { smsOutbox } from "@/server/db/schema";
import { getSmsTransport } from "@/server/integrations/sms/get-sms-transport";
import { SmsInDoubtError, type SmsTransport } from "@/server/integrations/sms/sms-transport";
import { leaseEnd, retryDelayMs, type RetryPolicy } from "@/server/jobs/retry-policy";
import { errorFields, log } from "@/server/ops/log";
import { appMetrics } from "@/server/ops/metrics";
import { checkTextsAtSendTime } from "./check-at-send-time";
import { admitQueuedText } from "./delivery/daily-spend";
import { returnSendTokens, takeSendTokens } from "./send-budget";
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

/** Texts handed to the transport at once by one claim: enough to keep up a few hundred a second. */
const SEND_CONCURRENCY = 16;

export interface DeliveryRound {
  sent: number;
  failed: number;
  /** Rows claimed this round (0: nothing due, or no tokens). */
  claimed: number;
  /** Due texts waited for the sending rate: how long until a token may be free (null when nothing was due). */
  waitMs: number | null;
}

/**
 * Sends due queued texts, sooner priority first, then by due time (docs/decisions/073-paced-outbox.md),
 * no faster than the configured rate: the claim takes one token per row from the shared buckets
 * in its own transaction (send-budget.ts) and claims only as many rows as it got. Rows are
 * claimed with FOR UPDATE SKIP LOCKED, so several workers never send the same row at once; a
 * failure is retried with backoff and given up (`failed`) after MAX_DELIVERY_ATTEMPTS. Paused
 * rows (a blast the admin paused) are not claimed.
 *
 * Exactly once (docs/decisions/031-crash-safe-worker.md): a row claimed while still `sending`
 * (its worker died between handing the text over and recording it) or left `sending` by a send
 * that got no answer is in doubt, and is sent again only after the transport says the far end
 * does not hold it; when it does, the row is recorded as sent without a second text.
 */
export async function deliverQueuedTexts(options: { limit?: number; now?: Date } = {}): Promise<DeliveryRound> {
  const batch = await claimDueTexts(options);
  const tally = await sendClaimedTexts(batch);
  return { ...tally, claimed: batch.texts.length, waitMs: batch.waitMs };
}

/** Texts one claim took, with what sending them needs. */
export interface ClaimedTexts {
  texts: Array<typeof smsOutbox.$inferSelect>;
  /** In-doubt rows: the provider is asked for sends since this before any resend. */
  inDoubtSince: Map<string, Date>;
  now: Date;
  /** Nothing claimed though texts were due: how long until the rate allows one (null: nothing due, or claimed). */
  waitMs: number | null;
}

/** The claim of deliverQueuedTexts: due rows in priority order, as many as the rate allows now, marked `sending`. */
export async function claimDueTexts(options: { limit?: number; now?: Date } = {}): Promise<ClaimedTexts> {
  const db = await getDb();
  const now = options.now ?? new Date();
  const inDoubtSince = new Map<string, Date>();
  let waitMs: number | null = null;
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: smsOutbox.id, status: smsOutbox.status, nextAttemptAt: smsOutbox.nextAttemptAt })
      .from(smsOutbox)
      .where(
        and(
          or(eq(smsOutbox.status, "pending"), eq(smsOutbox.status, "sending")),
          lte(smsOutbox.nextAttemptAt, now),
          // Held for quiet hours until then (docs/decisions/072-reminders-and-quiet-hours.md).
          or(isNull(smsOutbox.notBefore), lte(smsOutbox.notBefore, now)),
          notInArray(smsOutbox.kind, [...SEND_ONCE_KINDS]),
        ),
      )
      .orderBy(asc(smsOutbox.priority), asc(smsOutbox.nextAttemptAt))
      .limit(options.limit ?? 100)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    // Only as many as the rate allows now; the rest stay pending, unlocked at commit.
    const take = await takeSendTokens(tx, due.length, { urgent: false });
    waitMs = take.waitMs;
    const granted = due.slice(0, take.granted);
    if (granted.length === 0) return [];
    // A `sending` row was handed over, or about to be, by an earlier claim: at the earliest that claim's start.
    const earliestClaim = (row: (typeof due)[number]) => new Date(row.nextAttemptAt.getTime() - IN_DOUBT_LOOKBACK_MS);
    for (const row of granted) if (row.status === "sending") inDoubtSince.set(row.id, earliestClaim(row));
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
          granted.map((row) => row.id),
        ),
      )
      .returning();
  });

  return { texts: claimed, inDoubtSince, now, waitMs: claimed.length === 0 ? waitMs : null };
}

/** Hands claimed texts to the transport, SEND_CONCURRENCY at a time, and records each outcome. */
export async function sendClaimedTexts(batch: ClaimedTexts): Promise<{ sent: number; failed: number }> {
  const tally = { sent: 0, failed: 0 };
  const delivered: Array<{ id: string; providerMessageId: string | null }> = [];
  const transport = getSmsTransport();
  // A text in doubt may already be out: only the others are checked again (check-at-send-time.ts).
  const dropped = await checkTextsAtSendTime(
    await getDb(),
    batch.texts.filter((text) => !batch.inDoubtSince.has(text.id)),
    batch.now,
  );
  const texts = batch.texts.filter((text) => !dropped.has(text.id));
  // Their sends were taken by the claim: given back (docs/decisions/073-paced-outbox.md).
  await returnSendTokens(await getDb(), dropped.size);
  // Network calls happen outside the transaction: PGlite would block every query meanwhile.
  let next = 0;
  const lane = async () => {
    while (next < texts.length) {
      const text = texts[next++]!;
      await deliverOne(text, batch.inDoubtSince.get(text.id), transport, batch.now, tally, delivered);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, texts.length) }, lane));
  // One statement records the batch's sent texts. Killed before it, they stay `sending`: in doubt,
  // looked up at the provider before any resend, as for a single text.
  if (delivered.length > 0) {
    const db = await getDb();
    await db.execute(sql`
      update sms_outbox o set status = 'sent', sent_at = now(), provider_message_id = d.provider_message_id, last_error = null
      from (values ${sql.join(
        delivered.map((row) => sql`(${row.id}::uuid, ${row.providerMessageId}::text)`),
        sql`, `,
      )}) as d(id, provider_message_id)
      where o.id = d.id`);
  }
  return tally;
}

async function deliverOne(
  text: typeof smsOutbox.$inferSelect,
  since: Date | undefined,
  transport: SmsTransport,
  now: Date,
  tally: { sent: number; failed: number },
  delivered: Array<{ id: string; providerMessageId: string | null }>,
): Promise<void> {
  const message = { to: text.toPhone, body: text.body, key: text.id };
  let lookedUp = false;
  try {
    // The daily spending ceiling, counted once per text at its first send (docs/decisions/071-delivery-on-the-record.md).
    if (text.attempts === 1 && !(await admitQueuedText(text, now))) return;
    const earlier = since ? await transport.findSent(message, since) : null;
    lookedUp = true;
    if (earlier) log("info", "text in doubt was already delivered; not sent again", { outboxId: text.id, kind: text.kind });
    const delivery = earlier ?? (await transport.send(message));
    delivered.push({ id: text.id, providerMessageId: delivery.providerMessageId });
    tally.sent++;
    if (!earlier) appMetrics().textsSent.inc();
  } catch (error) {
    tally.failed++;
    appMetrics().textsFailed.inc();
    const giveUp = text.attempts >= MAX_DELIVERY_ATTEMPTS;
    const { error: message } = errorFields(error);
    // A send with no answer, or a lookup that could not tell, stays in doubt (`sending`): looked up before any resend.
    const inDoubt = error instanceof SmsInDoubtError || !lookedUp;
    const db = await getDb();
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
