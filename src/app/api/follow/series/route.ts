import { withFallbackError } from "@/server/http/with-fallback-error";
import { followSeries } from "@/server/follows/follow-series";
import { unfollowSeries } from "@/server/follows/unfollow-series";
import { okThrough, readJson, withSession } from "@/server/http/api";
import { ZFollowSeriesAnswer, ZFollowSeriesRequest, ZSeriesRef, ZUnfollowSeriesAnswer } from "@/domain/schemas/follows";

export const dynamic = "force-dynamic";

// POST /api/follow/series {seriesId | seriesSlug, smsConsent?} – follow a series
export const POST = withSession(
  async ({ req, session }) => {
    const body = await readJson(req, ZFollowSeriesRequest);
    return withFallbackError("Follow failed", async () =>
      okThrough(ZFollowSeriesAnswer, await followSeries({ profileId: session.profileId, ...body })),
    );
  },
  { rateLimit: "write" },
);

// DELETE /api/follow/series {seriesId | seriesSlug} – unfollow a series
export const DELETE = withSession(
  async ({ req, session }) => {
    const body = await readJson(req, ZSeriesRef);
    return withFallbackError("Failed to unfollow", async () =>
      okThrough(ZUnfollowSeriesAnswer, await unfollowSeries({ profileId: session.profileId, ...body })),
    );
  },
  { rateLimit: "write" },
);
