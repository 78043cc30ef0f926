import "server-only";
import type { SavedSeries, SeriesForm } from "@/domain/schemas/series";
import { editCollection } from "@/server/collections/collection";
import { series } from "@/server/db/schema";

/** Saves an edited series and its ordered packs (one collection save: locked, audited); the slug is kept. */
export async function updateSeries(options: {
  seriesID: string;
  form: SeriesForm;
  actorProfileId: string;
  now?: Date;
}): Promise<SavedSeries> {
  const { form } = options;
  const saved = await editCollection({
    kind: "series",
    table: series,
    key: options.seriesID,
    packIds: form.packIds,
    actorProfileId: options.actorProfileId,
    set: { title: form.title, summary: form.summary, coverUrl: form.coverUrl, updatedAt: options.now ?? new Date() },
  });
  return { id: saved.id, slug: saved.slug };
}
