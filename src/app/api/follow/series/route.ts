import { z } from "zod";
import { withFallbackError } from "@/server/awards/with-fallback-error";
import { followSeries } from "@/server/follows/follow-series";
import { unfollowSeries } from "@/server/follows/unfollow-series";
import { ok, readJson, withSession } from "@/server/http/api";

export const dynamic = "force-dynamic";
const ZSeriesRef = z
  .object({ seriesId: z.string().max(80).optional(), seriesSlug: z.string().max(80).optional() })
  .refine((ref) => !!(ref.seriesId || ref.seriesSlug), "Missing seriesId");
const ZFollowSeriesRequest = z.intersection(ZSeriesRef, z.object({ smsConsent: z.boolean().optional() }));

// POST /api/follow/series {seriesId | seriesSlug, smsConsent?} – follow a series
export const POST = withSession(async ({ req, session }) => {
  const body = await readJson(req, ZFollowSeriesRequest);
  return withFallbackError("Follow failed", async () => ok(await followSeries({ profileId: session.profileId, ...body })));
}, { rateLimit: "write" });

// DELETE /api/follow/series {seriesId | seriesSlug} – unfollow a series
export const DELETE = withSession(async ({ req, session }) => {
  const body = await readJson(req, ZSeriesRef);
  return withFallbackError("Failed to unfollow", async () => ok(await unfollowSeries({ profileId: session.profileId, ...body })));
}, { rateLimit: "write" });
