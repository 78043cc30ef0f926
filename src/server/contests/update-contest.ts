import "server-only";
import { eq, sql } from "drizzle-orm";
import type { ContestForm, SavedContest } from "@/domain/schemas/contests";
import { collectionKeyFilter, saveCollection } from "@/server/collections/collection";
import { contests } from "@/server/db/schema";

/**
 * Saves an edited contest and the exact set of its packs (one collection save: the row is
 * locked, so two admins saving at once apply one after the other, with the before/after in the
 * audit log, and the board recounted when the packs changed). The slug is kept.
 */
export async function updateContest(options: {
  contestID: string;
  form: ContestForm;
  actorProfileId: string;
  now?: Date;
}): Promise<SavedContest> {
  const { form } = options;
  const saved = await saveCollection({
    kind: "contest",
    packIds: form.packIds,
    actorProfileId: options.actorProfileId,
    lock: async (tx) =>
      (
        await tx
          .select()
          .from(contests)
          .where(sql`${contests.id} = (select c.id from contests c where ${collectionKeyFilter(options.contestID)} limit 1)`)
          .for("update")
      )[0],
    write: async (tx, existing) =>
      (
        await tx
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
          .where(eq(contests.id, existing!.id))
          .returning()
      )[0]!,
  });
  return { id: saved.id, contestID: saved.slug };
}
