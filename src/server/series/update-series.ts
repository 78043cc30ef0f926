import "server-only";
import { eq, sql } from "drizzle-orm";
import type { SavedSeries, SeriesForm } from "@/domain/schemas/series";
import { collectionKeyFilter, saveCollection } from "@/server/collections/collection";
import { series } from "@/server/db/schema";

/** Saves an edited series and its ordered packs (one collection save: locked, audited); the slug is kept. */
export async function updateSeries(options: {
  seriesID: string;
  form: SeriesForm;
  actorProfileId: string;
  now?: Date;
}): Promise<SavedSeries> {
  const { form } = options;
  const saved = await saveCollection({
    kind: "series",
    packIds: form.packIds,
    actorProfileId: options.actorProfileId,
    lock: async (tx) =>
      (
        await tx
          .select()
          .from(series)
          .where(sql`${series.id} = (select c.id from series c where ${collectionKeyFilter(options.seriesID)} limit 1)`)
          .for("update")
      )[0],
    write: async (tx, existing) =>
      (
        await tx
          .update(series)
          .set({ title: form.title, summary: form.summary, coverUrl: form.coverUrl, updatedAt: options.now ?? new Date() })
          .where(eq(series.id, existing!.id))
          .returning()
      )[0]!,
  });
  return { id: saved.id, slug: saved.slug };
}
