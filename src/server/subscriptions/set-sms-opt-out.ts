import "server-only";
import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { profiles } from "@/server/db/schema";

/** Whose texts: the player signed in on their profile, or the phone that replied STOP / START. */
export type SmsOptOutTarget = { profileId: string } | { phone: string };

/**
 * Pauses or resumes every text to one profile: `profiles.sms_opt_out`, the one
 * flag every sender checks (`queueText`, the pack-open recipients query). A
 * STOP reply and "Pause all texts" on the profile both come through here, so
 * each shows as the other (docs/PRODUCT.md §9, docs/decisions/019-public-surface.md).
 */
export async function setSmsOptOut(
  options: SmsOptOutTarget & { optOut: boolean; now?: Date; db?: DbOrTx },
): Promise<{ profileFound: boolean }> {
  const { optOut, now = new Date() } = options;
  const db = options.db ?? (await getDb());
  const updated = await db
    .update(profiles)
    .set({ smsOptOut: optOut, updatedAt: now })
    .where("profileId" in options ? eq(profiles.id, options.profileId) : eq(profiles.phone, options.phone))
    .returning({ id: profiles.id });
  return { profileFound: updated.length > 0 };
}
