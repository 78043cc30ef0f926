import { adminRecordRoutes } from "@/server/http/route-kits";
import { deletePack } from "@/server/authoring/delete-pack";
import { getAdminPackOrThrow } from "@/server/authoring/get-admin-pack";
import { ZPackAnswer, ZPackChangeAnswer, ZPackDeletedAnswer, ZUpdatePackRequest } from "@/domain/schemas/packs";
import { updatePackAndAnnounce } from "@/server/authoring/update-pack";

export const dynamic = "force-dynamic";

const pack = adminRecordRoutes("packId", "Pack not found", { allow: "commissioner" });

/** GET /api/admin/packs/{packId} → {success, pack} with events and ordered props. */
export const GET = pack.get(ZPackAnswer, async (packId) => ({ pack: await getAdminPackOrThrow({ packId }) }));

/** PATCH /api/admin/packs/{packId} – edit the fields given; an opening answers what was texted as the status route does. */
export const PATCH = pack.write(ZUpdatePackRequest, ZPackChangeAnswer, async (packId, input, actorProfileId) => {
  const { pack, texts } = await updatePackAndAnnounce({ ...input, packId, actorProfileId });
  return { pack, ...texts };
});

/** DELETE /api/admin/packs/{packId} – only while nobody has played it. */
export const DELETE = pack.remove(ZPackDeletedAnswer, (packId, actorProfileId) => deletePack({ packId, actorProfileId }));
