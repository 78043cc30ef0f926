import { adminRecordRoutes } from "@/server/http/route-kits";
import { deleteProp } from "@/server/authoring/delete-prop";
import { getAdminPropOrThrow } from "@/server/authoring/get-admin-prop";
import { ZPropAnswer, ZPropDeletedAnswer, ZUpdatePropRequest } from "@/domain/schemas/props";
import { updateProp } from "@/server/authoring/update-prop";

export const dynamic = "force-dynamic";

const prop = adminRecordRoutes("propId", "Prop not found", { allow: "commissioner" });

/** GET /api/admin/props/{propId} → {success, prop}. */
export const GET = prop.get(ZPropAnswer, async (propId) => ({ prop: await getAdminPropOrThrow({ propId }) }));

/** PATCH /api/admin/props/{propId} – edit the fields given. */
export const PATCH = prop.write(ZUpdatePropRequest, ZPropAnswer, async (propId, input, actorProfileId) => ({
  prop: await updateProp({ ...input, propId, actorProfileId }),
}));

/** DELETE /api/admin/props/{propId} – only while nobody has taken it. */
export const DELETE = prop.remove(ZPropDeletedAnswer, (propId, actorProfileId) => deleteProp({ propId, actorProfileId }));
