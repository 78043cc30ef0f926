import "server-only";
import { and, eq, inArray, notInArray } from "drizzle-orm";
import type { Tx } from "@/server/db/client";
import { packs, seriesPacks } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";

/**
 * Makes the series hold exactly `packIds`, in that order (inside the caller's
 * transaction); returns the ordered ids before and after.
 */
export async function replaceSeriesPacks(tx: Tx, seriesId: string, packIds: string[]): Promise<{ before: string[]; after: string[] }> {
  const before = (
    await tx
      .select({ packId: seriesPacks.packId })
      .from(seriesPacks)
      .where(eq(seriesPacks.seriesId, seriesId))
      .orderBy(seriesPacks.position)
  ).map((row) => row.packId);
  if (packIds.length > 0) {
    const found = await tx
      .select({ id: packs.id })
      .from(packs)
      .where(and(inArray(packs.id, packIds), notInArray(packs.status, ["archived"])));
    if (found.length !== packIds.length) throw new AppError("BAD_REQUEST", "Some packs no longer exist.");
  }
  await tx.delete(seriesPacks).where(eq(seriesPacks.seriesId, seriesId));
  if (packIds.length > 0) {
    await tx.insert(seriesPacks).values(packIds.map((packId, position) => ({ seriesId, packId, position })));
  }
  return { before, after: packIds };
}
