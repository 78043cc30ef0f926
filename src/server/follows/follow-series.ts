import "server-only";
import { and, eq, or } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { follows, profiles, series, subscriptions } from "@/server/db/schema";
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

/** Follows a series; with SMS consent (the default) also records consent and subscribes to its pack-open texts. */
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
  await db.transaction(async (tx) => {
    await tx.insert(follows).values({ profileId, seriesId: target.id, smsConsent }).onConflictDoNothing();
    if (!smsConsent) return;
    await tx
      .update(follows)
      .set({ smsConsent: true })
      .where(and(eq(follows.profileId, profileId), eq(follows.seriesId, target.id)));
    await tx.update(profiles).set({ smsConsentAt: now, updatedAt: now }).where(eq(profiles.id, profileId));
    await tx
      .insert(subscriptions)
      .values({ profileId, category: "pack_open", scopeKey: `series:${target.id}`, seriesId: target.id })
      .onConflictDoNothing();
  });
  return { followsSeries: true, series: { id: target.id, slug: target.slug, title: target.title } };
}
