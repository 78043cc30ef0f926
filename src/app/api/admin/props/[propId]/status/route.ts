import { adminRecordRoutes } from "@/server/http/route-kits";
import { ZPropAnswer, ZPropStatusRequest } from "@/domain/schemas/props";
import { setPropStatus } from "@/server/authoring/set-prop-status";

export const dynamic = "force-dynamic";

const prop = adminRecordRoutes("propId", "Prop not found", { allow: "commissioner" });

/** POST /api/admin/props/{propId}/status {status: open|closed}. */
export const POST = prop.write(ZPropStatusRequest, ZPropAnswer, async (propId, { status }, actorProfileId) => ({
  prop: await setPropStatus({ propId, status, actorProfileId }),
}));
