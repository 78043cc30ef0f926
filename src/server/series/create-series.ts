import "server-only";
import { slugifyContestTitle } from "@/domain/contest-status";
import type { SavedSeries, SeriesForm } from "@/domain/schemas/series";
import { isUniqueViolation } from "@/server/auth/is-unique-violation";
import { saveCollection } from "@/server/collections/collection";
import { series } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";

/** Creates a series with its ordered packs (one collection save), under the given slug or one from the title. */
export async function createSeries(options: { form: SeriesForm; actorProfileId: string }): Promise<SavedSeries> {
  const { form } = options;
  const slug = form.slug ?? slugifyContestTitle(form.title);
  try {
    const created = await saveCollection({
      kind: "series",
      packIds: form.packIds,
      actorProfileId: options.actorProfileId,
      write: async (tx) =>
        (await tx.insert(series).values({ slug, title: form.title, summary: form.summary, coverUrl: form.coverUrl }).returning())[0]!,
    });
    return { id: created.id, slug };
  } catch (error) {
    if (isUniqueViolation(error, "series_slug_key")) throw new AppError("CONFLICT", `A series already uses the slug "${slug}".`);
    throw error;
  }
}
