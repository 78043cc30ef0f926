import { followSeries } from "@/server/follows/follow-series";
import { unfollowSeries } from "@/server/follows/unfollow-series";
import { playerWriteRoute } from "@/server/http/route-kits";
import { ZFollowSeriesAnswer, ZFollowSeriesRequest, ZSeriesRef, ZUnfollowSeriesAnswer } from "@/domain/schemas/follows";

export const dynamic = "force-dynamic";

// POST /api/follow/series {seriesId | seriesSlug, smsConsent?} – follow a series
export const POST = playerWriteRoute(ZFollowSeriesRequest, ZFollowSeriesAnswer, "Follow failed", followSeries);

// DELETE /api/follow/series {seriesId | seriesSlug} – unfollow a series
export const DELETE = playerWriteRoute(ZSeriesRef, ZUnfollowSeriesAnswer, "Failed to unfollow", unfollowSeries);
