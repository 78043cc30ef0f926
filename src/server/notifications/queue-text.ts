import "server-only";
import { eq, or } from "drizzle-orm";
import { toE164 } from "@/domain/phone";
import { getDb, type DbOrTx } from "@/server/db/client";
import { profiles, smsOutbox } from "@/server/db/schema";
import { playerTimeZone } from "@/domain/quiet-hours";
import { appMetrics } from "@/server/ops/metrics";
import { quietUntil } from "./quiet-hours-sql";
import { QUIET_HOURS_KINDS, SEND_ONCE_KINDS } from "./text-kinds";

export interface QueueTextInput {
  /** Pass a transaction to queue the text atomically with the change that causes it. */
  db?: DbOrTx;
  /** E.164 or 10 US digits. */
  to: string;
  body: string;
  /** e.g. `pack_open`, `pack_submitted`. */
  kind: string;
  profileId?: string | null;
  /** Makes "once per pack and profile" hold across retries and machines, e.g. `pack_open:{packId}:{profileId}`. */
  dedupeKey?: string | null;
  /** A kind held through quiet hours (QUIET_HOURS_KINDS) is dropped, not sent, from this time on: e.g. its pack's close. */
  expiresAt?: Date | null;
  /** The pack the text is about, if any. */
  packId?: string | null;
  /** The clock quiet hours are read against (tests move it). */
  now?: Date;
}

export type QueueTextResult = { queued: true; id: string } | { queued: false; reason: "duplicate" | "opted_out" | "undeliverable" };

/**
 * Queues a text for the delivery task (retries with backoff). A text to a
 * profile that opted out, or whose number failed for good, is recorded as `skipped`, never sent; a second text
 * with the same dedupe key is not queued at all.
 */
export async function queueText(input: QueueTextInput): Promise<QueueTextResult> {
  if (SEND_ONCE_KINDS.includes(input.kind)) {
    throw new Error(`Texts of kind ${input.kind} are sent at once with sendTextNow, never queued`);
  }
  const toPhone = toE164(input.to);
  if (!toPhone) throw new Error("queueText needs a 10-digit US phone number");
  const db = input.db ?? (await getDb());

  const [recipient] = await db
    .select({ smsOptOut: profiles.smsOptOut, timeZone: profiles.timeZone })
    .from(profiles)
    .where(input.profileId ? or(eq(profiles.id, input.profileId), eq(profiles.phone, toPhone)) : eq(profiles.phone, toPhone))
    .limit(1);
  const optedOut = recipient?.smsOptOut === true;
  // Promotional kinds wait for the morning in the player's zone (docs/decisions/072-reminders-and-quiet-hours.md).
  const notBefore =
    !optedOut && QUIET_HOURS_KINDS.includes(input.kind)
      ? await quietUntil(db, playerTimeZone({ timeZone: recipient?.timeZone ?? null, phone: toPhone }), input.now ?? new Date())
      : null;

  const inserted = await db
    .insert(smsOutbox)
    .values({
      toPhone,
      body: input.body,
      kind: input.kind,
      profileId: input.profileId ?? null,
      dedupeKey: input.dedupeKey ?? null,
      status: optedOut ? "skipped" : "pending",
      lastError: optedOut ? "recipient opted out of texts" : null,
      expiresAt: input.expiresAt ?? null,
      packId: input.packId ?? null,
      ...(notBefore ? { notBefore, nextAttemptAt: notBefore } : {}),
    })
    .onConflictDoNothing({ target: smsOutbox.dedupeKey })
    .returning({ id: smsOutbox.id, status: smsOutbox.status });
  if (inserted.length === 0) return { queued: false, reason: "duplicate" };
  if (optedOut) return { queued: false, reason: "opted_out" };
  // The outbox's insert trigger records a text to a number that failed for good as skipped (docs/decisions/071-delivery-on-the-record.md).
  if (inserted[0]!.status === "skipped") return { queued: false, reason: "undeliverable" };
  if (notBefore) appMetrics().textsHeld.inc({ kind: input.kind });
  return { queued: true, id: inserted[0]!.id };
}
