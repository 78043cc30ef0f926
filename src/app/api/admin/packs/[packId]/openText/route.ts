import { okThrough, readQuery, withAdmin } from "@/server/http/api";
import { ZPackOpenTextAnswer, ZPackOpenTextQuery } from "@/domain/schemas/pack-texts";
import { idParams } from "@/server/http/route-params";
import { previewPackOpenText } from "@/server/notifications/pack-open/preview-pack-open-text";

export const dynamic = "force-dynamic";

/**
 * GET /api/admin/packs/{packId}/openText?status&openTime&closeTime – what opening the pack would text:
 * {when, opensAt, alreadySent, allClosed, recipients, message, link, text, maxLength} (decision 040).
 */
export const GET = withAdmin(
  async ({ req, params: { packId } }) => {
    const query = readQuery(req, ZPackOpenTextQuery);
    return okThrough(ZPackOpenTextAnswer, { preview: await previewPackOpenText({ packId, ...query }) });
  },
  { allow: "commissioner", params: idParams("packId", "Pack not found") },
);
