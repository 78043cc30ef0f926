import { adminRecordRoutes } from "@/server/http/route-kits";
import { ZPackAnswer, ZPackFeaturedRequest } from "@/domain/schemas/packs";
import { setPackFeatured } from "@/server/authoring/set-pack-featured";

export const dynamic = "force-dynamic";

const pack = adminRecordRoutes("packId", "Pack not found", { allow: "commissioner" });

/** POST /api/admin/packs/{packId}/featured {featured} – one featured pack at a time. */
export const POST = pack.write(ZPackFeaturedRequest, ZPackAnswer, async (packId, { featured }, actorProfileId) => ({
  pack: await setPackFeatured({ packId, featured, actorProfileId }),
}));
