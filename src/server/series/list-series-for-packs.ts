import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import { getReadDb, type DbOrTx } from "@/server/db/client";
import { series, seriesPacks } from "@/server/db/schema";

export interface PackSeriesChip {
  id: string;
  slug: string;
  title: string;
}

/**
 * The series each pack belongs to, for the "Series: {title}" chips on pack
 * cards: one query for any number of packs; packs in no series are absent.
 */
export async function listSeriesForPacks(options: { packIds: string[]; db?: DbOrTx }): Promise<Record<string, PackSeriesChip[]>> {
  const byPack: Record<string, PackSeriesChip[]> = {};
  if (options.packIds.length === 0) return byPack;
  const db = options.db ?? (await getReadDb());
  const rows = await db
    .select({ packId: seriesPacks.packId, id: series.id, slug: series.slug, title: series.title })
    .from(seriesPacks)
    .innerJoin(series, eq(series.id, seriesPacks.seriesId))
    .where(inArray(seriesPacks.packId, [...new Set(options.packIds)]))
    .orderBy(asc(series.title));
  for (const { packId, ...chip } of rows) (byPack[packId] ??= []).push(chip);
  return byPack;
}
