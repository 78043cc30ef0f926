import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { ZPackChangeAnswer, ZPackStatusRequest } from "@/domain/schemas/packs";
import { setPackStatus } from "@/server/authoring/set-pack-status";
import { idParams } from "@/server/http/route-params";

export const dynamic = "force-dynamic";

/**
 * POST /api/admin/packs/{packId}/status {status, openText?: {send, message?}} – draft → coming-soon → open → live …;
 * opening needs props and a future close → {pack, textsQueued, textsSkipped, textsScheduledFor} (decision 040).
 */
export const POST = withAdmin(
  async ({ req, params: { packId }, session }) => {
    const { status, openText } = await readJson(req, ZPackStatusRequest);
    const { pack, texts } = await setPackStatus({ packId, status, openText, actorProfileId: session.profileId });
    return okThrough(ZPackChangeAnswer, { pack, ...texts });
  },
  { allow: "commissioner", params: idParams("packId", "Pack not found") },
);
