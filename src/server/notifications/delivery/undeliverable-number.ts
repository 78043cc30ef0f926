import "server-only";
import { eq } from "drizzle-orm";
import { maskedPhone, undeliverableReasonWords, type SmsDeliveryNotice } from "@/domain/sms-delivery";
import { getDb, type DbOrTx } from "@/server/db/client";
import { profiles } from "@/server/db/schema";

/**
 * A sign-in code reached this number and came back typed in: it reads texts. Clears a mark left
 * by a permanent failure and stamps when it was proved, so a late failure report of an older text
 * does not mark it again (docs/decisions/071-delivery-on-the-record.md).
 */
export async function markNumberDeliverable(db: DbOrTx, phone: string, now: Date): Promise<void> {
  await db
    .update(profiles)
    .set({ smsUndeliverableAt: null, smsUndeliverableReason: null, smsDeliverableAt: now })
    .where(eq(profiles.phone, phone));
}

/** The "we could not text you" notice for the owner's own profile, or null while their number takes texts. */
export async function getSmsDeliveryNotice(profileId: string): Promise<SmsDeliveryNotice | null> {
  const db = await getDb();
  const [row] = await db
    .select({ phone: profiles.phone, since: profiles.smsUndeliverableAt, reason: profiles.smsUndeliverableReason })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .limit(1);
  if (!row?.phone || !row.since) return null;
  return { maskedPhone: maskedPhone(row.phone), since: row.since.toISOString(), why: undeliverableReasonWords(row.reason) };
}
