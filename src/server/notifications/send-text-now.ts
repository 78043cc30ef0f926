import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { smsOutbox } from "@/server/db/schema";
import { getSmsTransport } from "@/server/integrations/sms/get-sms-transport";
import { errorFields, log } from "@/server/ops/log";
import { takeUrgentSend } from "./send-budget";
import { spendOnText } from "./delivery/daily-spend";

export interface SendTextNowInput {
  /** E.164. */
  to: string;
  /** What the recipient gets. */
  body: string;
  /** What the outbox keeps (e.g. the body with its code masked). */
  storedBody: string;
  kind: string;
  profileId?: string | null;
}

/**
 * Hands one text to the transport while the caller waits, recording it in the
 * outbox with `storedBody` only, within the sending rate. Throws when the transport refuses (or
 * the rate has no room within seconds); the row is then `failed` and is never retried (its stored
 * body is not the real one).
 */
export async function sendTextNow(input: SendTextNowInput): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .insert(smsOutbox)
    .values({
      toPhone: input.to,
      body: input.storedBody,
      kind: input.kind,
      profileId: input.profileId ?? null,
      status: "sending",
      attempts: 1,
    })
    .returning({ id: smsOutbox.id });
  const id = row!.id;
  try {
    // From the same sending rate as the outbox, ahead of it (docs/decisions/073-paced-outbox.md).
    await takeUrgentSend();
    const delivery = await getSmsTransport().send({ to: input.to, body: input.body });
    await db
      .update(smsOutbox)
      .set({ status: "sent", sentAt: new Date(), providerMessageId: delivery.providerMessageId })
      .where(eq(smsOutbox.id, id));
  } catch (error) {
    const { error: message } = errorFields(error);
    log("warn", "text not delivered", { outboxId: id, kind: input.kind, error: message });
    await db
      .update(smsOutbox)
      .set({ status: "failed", lastError: String(message) })
      .where(eq(smsOutbox.id, id));
    throw error;
  }
  // Counted toward the day's spend, never held back by it; a count that fails does not undo a sent code
  // (docs/decisions/071-delivery-on-the-record.md).
  await spendOnText(db, { kind: input.kind, body: input.body }, new Date()).catch((error: unknown) =>
    log("warn", "text not counted toward the day's spend", { outboxId: id, ...errorFields(error) }),
  );
}
