import "server-only";
import { slugifyContestTitle } from "@/domain/contest-status";
import type { SeriesForm } from "@/domain/schemas/series";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { isUniqueViolation } from "@/server/auth/is-unique-violation";
import { getDb } from "@/server/db/client";
import { series } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import { refreshSeriesLeaderboard } from "@/server/leaderboards/refresh-contest-leaderboard";
import { replaceSeriesPacks } from "./replace-series-packs";

/** Creates a series with its ordered packs in one transaction, under the given slug (or one from the title), audited. */
export async function createSeries(options: { form: SeriesForm; actorProfileId: string }): Promise<{ id: string; slug: string }> {
  const db = await getDb();
  const { form } = options;
  const slug = form.slug ?? slugifyContestTitle(form.title);
  let created: { id: string; slug: string };
  try {
    created = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(series)
        .values({ slug, title: form.title, summary: form.summary, coverUrl: form.coverUrl })
        .returning();
      const packs = await replaceSeriesPacks(tx, created!.id, form.packIds);
      await recordAdminAction(tx, {
        actorProfileId: options.actorProfileId,
        action: "series.create",
        entityType: "series",
        entityId: created!.id,
        after: { ...created, packIds: packs.after },
      });
      return { id: created!.id, slug };
    });
  } catch (error) {
    if (isUniqueViolation(error, "series_slug_key")) throw new AppError("CONFLICT", `A series already uses the slug "${slug}".`);
    throw error;
  }
  // The series board is a maintained scope (series:{id}): count the takes its packs already have.
  if (form.packIds.length > 0) await refreshSeriesLeaderboard({ seriesId: created.id, db });
  return created;
}
