import "server-only";
import { eq, or } from "drizzle-orm";
import { toE164 } from "@/domain/phone";
import { getDb, type DbOrTx } from "@/server/db/client";
import { profiles, smsOutbox } from "@/server/db/schema";
import { SEND_ONCE_KINDS } from "./text-kinds";

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
}

export type QueueTextResult = { queued: true; id: string } | { queued: false; reason: "duplicate" | "opted_out" };

/**
 * Queues a text for the delivery task (retries with backoff). A text to a
 * profile that opted out is recorded as `skipped`, never sent; a second text
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
    .select({ smsOptOut: profiles.smsOptOut })
    .from(profiles)
    .where(input.profileId ? or(eq(profiles.id, input.profileId), eq(profiles.phone, toPhone)) : eq(profiles.phone, toPhone))
    .limit(1);
  const optedOut = recipient?.smsOptOut === true;

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
    })
    .onConflictDoNothing({ target: smsOutbox.dedupeKey })
    .returning({ id: smsOutbox.id });
  if (inserted.length === 0) return { queued: false, reason: "duplicate" };
  if (optedOut) return { queued: false, reason: "opted_out" };
  return { queued: true, id: inserted[0]!.id };
}
