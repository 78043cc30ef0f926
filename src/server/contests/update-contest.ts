import "server-only";
import { sql } from "drizzle-orm";
import type { ContestForm } from "@/domain/schemas/contests";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { getDb } from "@/server/db/client";
import { refreshContestLeaderboard } from "@/server/leaderboards/refresh-contest-leaderboard";
import { contests } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import { contestKeyFilter } from "./contest-summary";
import { replaceContestPacks } from "./replace-contest-packs";

/**
 * Saves an edited contest and the exact set of its packs in one transaction
 * (the row is locked, so two admins saving at once apply one after the
 * other), with the before/after in the audit log. The slug is kept. When
 * the packs changed, the contest's leaderboard is rebuilt from their takes.
 */
export async function updateContest(options: {
  contestID: string;
  form: ContestForm;
  actorProfileId: string;
  now?: Date;
}): Promise<{ id: string; contestID: string }> {
  const db = await getDb();
  const { form } = options;
  const saved = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(contests)
      .where(sql`${contests.id} = (select c.id from contests c where ${contestKeyFilter(options.contestID)} limit 1)`)
      .for("update");
    if (!existing) throw new AppError("NOT_FOUND", "Contest not found.");
    const [updated] = await tx
      .update(contests)
      .set({
        title: form.title,
        summary: form.summary,
        details: form.details,
        prize: form.prize,
        coverUrl: form.coverUrl,
        startsAt: form.startsAt,
        endsAt: form.endsAt,
        status: form.status,
        updatedAt: options.now ?? new Date(),
      })
      .where(sql`${contests.id} = ${existing.id}`)
      .returning();
    const packs = await replaceContestPacks(tx, existing.id, form.packIds);
    await recordAdminAction(tx, {
      actorProfileId: options.actorProfileId,
      action: "contest.update",
      entityType: "contest",
      entityId: existing.id,
      before: { ...existing, packIds: packs.before },
      after: { ...updated, packIds: packs.after },
    });
    const packsChanged = packs.before.join() !== packs.after.join();
    return { id: existing.id, contestID: existing.slug, packsChanged };
  });
  if (saved.packsChanged) await refreshContestLeaderboard({ contestId: saved.id, db });
  return { id: saved.id, contestID: saved.contestID };
}
