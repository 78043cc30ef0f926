import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { deleteProp } from "@/server/authoring/delete-prop";
import { getAdminPropOrThrow } from "@/server/authoring/get-admin-prop";
import { ZPropAnswer, ZPropDeletedAnswer, ZUpdatePropRequest } from "@/domain/schemas/props";
import { updateProp } from "@/server/authoring/update-prop";
import { uuidOrNotFound } from "@/server/http/route-params";

export const dynamic = "force-dynamic";
type Params = { propId: string };

/** GET /api/admin/props/{propId} → {success, prop}. */
export const GET = withAdmin<Params>(async ({ params }) =>
  okThrough(ZPropAnswer, { prop: await getAdminPropOrThrow({ propId: uuidOrNotFound(params.propId, "Prop not found") }) }),
);

/** PATCH /api/admin/props/{propId} – edit the fields given. */
export const PATCH = withAdmin<Params>(async ({ req, params, session }) => {
  const propId = uuidOrNotFound(params.propId, "Prop not found");
  const input = await readJson(req, ZUpdatePropRequest);
  return okThrough(ZPropAnswer, { prop: await updateProp({ ...input, propId, actorProfileId: session.profileId }) });
});

/** DELETE /api/admin/props/{propId} – only while nobody has taken it. */
export const DELETE = withAdmin<Params>(async ({ params, session }) => {
  await deleteProp({ propId: uuidOrNotFound(params.propId, "Prop not found"), actorProfileId: session.profileId });
  return okThrough(ZPropDeletedAnswer, {});
});
