import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { deletePack } from "@/server/authoring/delete-pack";
import { getAdminPackOrThrow } from "@/server/authoring/get-admin-pack";
import { ZPackAnswer, ZPackChangeAnswer, ZPackDeletedAnswer, ZUpdatePackRequest } from "@/domain/schemas/packs";
import { updatePackAndAnnounce } from "@/server/authoring/update-pack";
import { uuidOrNotFound } from "@/server/http/route-params";

export const dynamic = "force-dynamic";
type Params = { packId: string };

/** GET /api/admin/packs/{packId} → {success, pack} with events and ordered props. */
export const GET = withAdmin<Params>(async ({ params }) =>
  okThrough(ZPackAnswer, { pack: await getAdminPackOrThrow({ packId: uuidOrNotFound(params.packId, "Pack not found") }) }),
);

/** PATCH /api/admin/packs/{packId} – edit the fields given; an opening answers what was texted as the status route does. */
export const PATCH = withAdmin<Params>(async ({ req, params, session }) => {
  const packId = uuidOrNotFound(params.packId, "Pack not found");
  const input = await readJson(req, ZUpdatePackRequest);
  const { pack, texts } = await updatePackAndAnnounce({ ...input, packId, actorProfileId: session.profileId });
  return okThrough(ZPackChangeAnswer, { pack, ...texts });
});

/** DELETE /api/admin/packs/{packId} – only while nobody has played it. */
export const DELETE = withAdmin<Params>(async ({ params, session }) => {
  await deletePack({ packId: uuidOrNotFound(params.packId, "Pack not found"), actorProfileId: session.profileId });
  return okThrough(ZPackDeletedAnswer, {});
});
