import "server-only";
import { sql } from "drizzle-orm";
import type { AdminSeries } from "@/domain/schemas/series";
import { collectionKeyFilter, listCollectionPackOptions } from "@/server/collections/collection";
import { getDb } from "@/server/db/client";
import { series } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";

/** One series with all its packs in order, for the edit form. */
export async function getAdminSeries(options: { seriesID: string }): Promise<AdminSeries> {
  const db = await getDb();
  const [found] = await db
    .select({ id: series.id, slug: series.slug, title: series.title, summary: series.summary, coverUrl: series.coverUrl })
    .from(series)
    .where(sql`${series.id} = (select c.id from series c where ${collectionKeyFilter(options.seriesID)} limit 1)`)
    .limit(1);
  if (!found) throw new AppError("NOT_FOUND", "Series not found.");
  return { series: found, packs: await listCollectionPackOptions("series", found.id, db) };
}
