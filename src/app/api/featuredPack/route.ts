import { ok, withOptionalSession } from "@/server/http/api";
import { getFeaturedPack } from "@/server/packs/get-featured-pack";

export const dynamic = "force-dynamic";

/** GET /api/featuredPack – the featured pack still open to play, or 404 "No active featured pack found". */
export const GET = withOptionalSession(async () => ok({ featuredPack: await getFeaturedPack() }));
