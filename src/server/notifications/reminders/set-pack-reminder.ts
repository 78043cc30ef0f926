import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { packReminderRequests, packs, profiles } from "@/server/db/schema";
import { conflict, notFound } from "@/server/http/app-error";
import type { PackReminderResult, PackReminderState } from "@/domain/schemas/follows";

/**
 * "Remind me" on one pack (docs/decisions/072-reminders-and-quiet-hours.md, "2026-11-30: a reminder
 * on one pack"): the player gets that pack's reminder at their lead time as if they followed one of
 * its teams. Asking twice is asking once; asking on a pack that no longer takes picks is refused,
 * turning it off never is.
 */
export async function setPackReminder({
  profileId,
  packURL,
  on,
}: {
  profileId: string;
  packURL: string;
  on: boolean;
}): Promise<PackReminderResult> {
  const db = await getDb();
  const [pack] = await db
    .select({ id: packs.id, status: packs.status, closeTime: packs.closeTime })
    .from(packs)
    .where(eq(packs.packUrl, packURL))
    .limit(1);
  if (!pack || pack.status === "draft") throw notFound("Pack not found");
  if (!on) {
    await db
      .delete(packReminderRequests)
      .where(and(eq(packReminderRequests.profileId, profileId), eq(packReminderRequests.packId, pack.id)));
    return { reminder: false };
  }
  const takesPicks = ["open", "live", "coming-soon"].includes(pack.status) && (!pack.closeTime || pack.closeTime > new Date());
  if (!takesPicks) throw conflict("This pack has closed: there is nothing left to remind you of.");
  await db.insert(packReminderRequests).values({ profileId, packId: pack.id }).onConflictDoNothing();
  return { reminder: true };
}

/** Whether the player asked for the pack's reminder, and their lead time, for the pack page's "Remind me". */
export async function readPackReminder({ profileId, packURL }: { profileId: string; packURL: string }): Promise<PackReminderState> {
  const db = await getDb();
  const [row] = await db
    .select({
      leadMinutes: profiles.reminderLeadMinutes,
      asked: packReminderRequests.packId,
      packFound: packs.id,
    })
    .from(profiles)
    .leftJoin(packs, eq(packs.packUrl, packURL))
    .leftJoin(packReminderRequests, and(eq(packReminderRequests.profileId, profiles.id), eq(packReminderRequests.packId, packs.id)))
    .where(eq(profiles.id, profileId))
    .limit(1);
  if (!row?.packFound) throw notFound("Pack not found");
  return { reminder: row.asked !== null, leadMinutes: row.leadMinutes };
}
