import "server-only";
import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { profiles } from "@/server/db/schema";

/** STOP / START replies: pauses or resumes every text to the profile with this E.164 phone. */
export async function setSmsOptOutByPhone(options: { phone: string; optOut: boolean; now?: Date; db?: DbOrTx }): Promise<{ profileFound: boolean }> {
  const { phone, optOut, now = new Date() } = options;
  const db = options.db ?? (await getDb());
  const updated = await db
    .update(profiles)
    .set({ smsOptOut: optOut, updatedAt: now })
    .where(eq(profiles.phone, phone))
    .returning({ id: profiles.id });
  return { profileFound: updated.length > 0 };
}
