import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { follows, subscriptions } from "@/server/db/schema";
import { getSeriesOrThrow } from "./follow-series";
import type { UnfollowSeriesResult } from "@/domain/schemas/follows";

/** Stops following a series and its pack-open texts. */
export async function unfollowSeries({
  profileId,
  seriesId,
  seriesSlug,
}: {
  profileId: string;
  seriesId?: string;
  seriesSlug?: string;
}): Promise<UnfollowSeriesResult> {
  const db = await getDb();
  const target = await getSeriesOrThrow(db, { seriesId, seriesSlug });
  await db.transaction(async (tx) => {
    await tx.delete(follows).where(and(eq(follows.profileId, profileId), eq(follows.seriesId, target.id)));
    await tx.delete(subscriptions).where(and(eq(subscriptions.profileId, profileId), eq(subscriptions.seriesId, target.id)));
  });
  return { followsSeries: false };
}
