import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { ZPackAnswer, ZPackFeaturedRequest } from "@/domain/schemas/packs";
import { setPackFeatured } from "@/server/authoring/set-pack-featured";
import { idParams } from "@/server/http/route-params";

export const dynamic = "force-dynamic";

/** POST /api/admin/packs/{packId}/featured {featured} – one featured pack at a time. */
export const POST = withAdmin(
  async ({ req, params: { packId }, session }) => {
    const { featured } = await readJson(req, ZPackFeaturedRequest);
    return okThrough(ZPackAnswer, { pack: await setPackFeatured({ packId, featured, actorProfileId: session.profileId }) });
  },
  { params: idParams("packId", "Pack not found") },
);
