import "server-only";
import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { packGradedViews, packs } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import { ZPackURL } from "@/domain/schemas/grading";
import type { PackGradedSeen } from "@/domain/schemas/play";

/** Remembers (per profile, not per device) that the player saw a pack's graded dialog; repeating it is harmless. */
export async function markPackGradedSeen(options: { packURL: string; profileId: string; db?: DbOrTx }): Promise<PackGradedSeen> {
  if (!ZPackURL.safeParse(options.packURL).success) throw new AppError("NOT_FOUND", "Pack not found.");
  const db = options.db ?? (await getDb());
  const [pack] = await db.select({ id: packs.id, status: packs.status }).from(packs).where(eq(packs.packUrl, options.packURL)).limit(1);
  if (!pack || pack.status !== "graded") throw new AppError("NOT_FOUND", "Pack not found.");
  const inserted = await db
    .insert(packGradedViews)
    .values({ packId: pack.id, profileId: options.profileId })
    .onConflictDoNothing()
    .returning({ packId: packGradedViews.packId });
  return { firstTime: inserted.length === 1 };
}
