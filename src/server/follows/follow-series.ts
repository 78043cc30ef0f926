import "server-only";
import { eq, or } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { series } from "@/server/db/schema";
import { applyFollow } from "./follow-target";
import { AppError } from "@/server/http/app-error";
import { isId } from "@/domain/ids";
import type { FollowSeriesResult } from "@/domain/schemas/follows";

/** A series by uuid or slug, or 404. */
export async function getSeriesOrThrow(db: DbOrTx, ref: { seriesId?: string | null; seriesSlug?: string | null }) {
  const byId = ref.seriesId && isId(ref.seriesId) ? eq(series.id, ref.seriesId) : undefined;
  const bySlug = ref.seriesSlug ? eq(series.slug, ref.seriesSlug.trim().toLowerCase()) : undefined;
  const [row] = byId || bySlug ? await db.select().from(series).where(or(byId, bySlug)).limit(1) : [];
  if (!row) throw new AppError("NOT_FOUND", "Series not found.");
  return row;
}

/** Follows a series; with SMS consent (the default) also records consent and subscribes to its pack-open texts (applyFollow). */
export async function followSeries({
  profileId,
  seriesId,
  seriesSlug,
  smsConsent = true,
  now = new Date(),
}: {
  profileId: string;
  seriesId?: string;
  seriesSlug?: string;
  smsConsent?: boolean;
  now?: Date;
}): Promise<FollowSeriesResult> {
  const db = await getDb();
  const target = await getSeriesOrThrow(db, { seriesId, seriesSlug });
  await db.transaction((tx) => applyFollow(tx, { profileId, target: { kind: "series", id: target.id }, smsConsent, now }));
  return { followsSeries: true, series: { id: target.id, slug: target.slug, title: target.title } };
}
