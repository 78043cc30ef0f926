import "server-only";
import { and, eq, inArray, notInArray } from "drizzle-orm";
import type { Tx } from "@/server/db/client";
import { contestPacks, packs } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";

/**
 * Makes the contest hold exactly `packIds` (inside the caller's transaction);
 * returns the pack ids before and after. Unknown or archived packs are refused
 * so a stale admin screen cannot link them.
 */
export async function replaceContestPacks(
  tx: Tx,
  contestId: string,
  packIds: string[],
): Promise<{ before: string[]; after: string[] }> {
  const before = (
    await tx.select({ packId: contestPacks.packId }).from(contestPacks).where(eq(contestPacks.contestId, contestId))
  ).map((row) => row.packId);
  if (packIds.length > 0) {
    const found = await tx
      .select({ id: packs.id })
      .from(packs)
      .where(and(inArray(packs.id, packIds), notInArray(packs.status, ["archived"])));
    if (found.length !== packIds.length) throw new AppError("BAD_REQUEST", "Some packs no longer exist.");
  }
  const removed = before.filter((id) => !packIds.includes(id));
  const added = packIds.filter((id) => !before.includes(id));
  if (removed.length > 0) {
    await tx
      .delete(contestPacks)
      .where(and(eq(contestPacks.contestId, contestId), inArray(contestPacks.packId, removed)));
  }
  if (added.length > 0) {
    await tx
      .insert(contestPacks)
      .values(added.map((packId) => ({ contestId, packId })))
      .onConflictDoNothing();
  }
  return { before: [...before].sort(), after: [...packIds].sort() };
}
