import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { ZPropAnswer, ZPropStatusRequest } from "@/domain/schemas/props";
import { setPropStatus } from "@/server/authoring/set-prop-status";
import { idParams } from "@/server/http/route-params";

export const dynamic = "force-dynamic";

/** POST /api/admin/props/{propId}/status {status: open|closed}. */
export const POST = withAdmin(
  async ({ req, params: { propId }, session }) => {
    const { status } = await readJson(req, ZPropStatusRequest);
    return okThrough(ZPropAnswer, { prop: await setPropStatus({ propId, status, actorProfileId: session.profileId }) });
  },
  { params: idParams("propId", "Prop not found") },
);
