import "server-only";
import { getDb } from "@/server/db/client";
import { getSeriesOrThrow } from "./follow-series";
import { removeFollow } from "./follow-target";
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
  await db.transaction((tx) => removeFollow(tx, { profileId, target: { kind: "series", id: target.id } }));
  return { followsSeries: false };
}
