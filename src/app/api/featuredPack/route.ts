import { okThrough, withOptionalSession } from "@/server/http/api";
import { VFeaturedPackAnswer } from "@/domain/schemas/play";
import { getFeaturedPack } from "@/server/packs/get-featured-pack";

export const dynamic = "force-dynamic";

/** GET /api/featuredPack – the featured pack still open to play, or 404 "No active featured pack found". */
export const GET = withOptionalSession(async () => okThrough(VFeaturedPackAnswer, { featuredPack: await getFeaturedPack() }));
