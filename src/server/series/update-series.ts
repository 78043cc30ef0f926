import "server-only";
import { eq, or } from "drizzle-orm";
import type { SeriesForm } from "@/domain/schemas/series";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { getDb } from "@/server/db/client";
import { series } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import { refreshSeriesLeaderboard } from "@/server/leaderboards/refresh-contest-leaderboard";
import { replaceSeriesPacks } from "./replace-series-packs";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Saves an edited series and its ordered packs in one locked transaction, audited; the slug is kept. */
export async function updateSeries(options: {
  seriesID: string;
  form: SeriesForm;
  actorProfileId: string;
  now?: Date;
}): Promise<{ id: string; slug: string }> {
  const db = await getDb();
  const { form } = options;
  const key = options.seriesID.toLowerCase();
  const saved = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(series)
      .where(UUID.test(key) ? or(eq(series.id, key), eq(series.slug, key)) : eq(series.slug, key))
      .for("update");
    if (!existing) throw new AppError("NOT_FOUND", "Series not found.");
    const [updated] = await tx
      .update(series)
      .set({ title: form.title, summary: form.summary, coverUrl: form.coverUrl, updatedAt: options.now ?? new Date() })
      .where(eq(series.id, existing.id))
      .returning();
    const packs = await replaceSeriesPacks(tx, existing.id, form.packIds);
    await recordAdminAction(tx, {
      actorProfileId: options.actorProfileId,
      action: "series.update",
      entityType: "series",
      entityId: existing.id,
      before: { ...existing, packIds: packs.before },
      after: { ...updated, packIds: packs.after },
    });
    const packsChanged = packs.before.length !== packs.after.length || packs.before.some((id) => !packs.after.includes(id));
    return { id: existing.id, slug: existing.slug, packsChanged };
  });
  // The series board is a maintained scope (series:{id}): recount it from the packs it holds now.
  if (saved.packsChanged) await refreshSeriesLeaderboard({ seriesId: saved.id, db });
  return { id: saved.id, slug: saved.slug };
}
