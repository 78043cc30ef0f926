import { ok, readJson, withAdmin } from "@/server/http/api";
import { ZPackStatusRequest } from "@/server/authoring/requests";
import { setPackStatus } from "@/server/authoring/set-pack-status";
import { uuidOrNotFound } from "@/server/events/requests";

export const dynamic = "force-dynamic";

/** POST /api/admin/packs/{packId}/status {status} – draft → coming-soon → open → live …; opening needs props and a future close. */
export const POST = withAdmin<{ packId: string }>(async ({ req, params, session }) => {
  const packId = uuidOrNotFound(params.packId, "Pack not found");
  const { status } = await readJson(req, ZPackStatusRequest);
  return ok({ pack: await setPackStatus({ packId, status, actorProfileId: session.profileId }) });
});
