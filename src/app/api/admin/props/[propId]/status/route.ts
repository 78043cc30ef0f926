import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { ZPropAnswer, ZPropStatusRequest } from "@/domain/schemas/props";
import { setPropStatus } from "@/server/authoring/set-prop-status";
import { uuidOrNotFound } from "@/server/http/route-params";

export const dynamic = "force-dynamic";

/** POST /api/admin/props/{propId}/status {status: open|closed}. */
export const POST = withAdmin<{ propId: string }>(async ({ req, params, session }) => {
  const propId = uuidOrNotFound(params.propId, "Prop not found");
  const { status } = await readJson(req, ZPropStatusRequest);
  return okThrough(ZPropAnswer, { prop: await setPropStatus({ propId, status, actorProfileId: session.profileId }) });
});
