// POST /api/admin/texts/blasts/{packId} {action: pause | resume | cancel} – the waiting texts of a pack's opening (decision 073) → {changed}; 404 no pack, 409 nothing to change
import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { idParams } from "@/server/http/route-params";
import { ZBlastActionAnswer, ZBlastActionRequest } from "@/domain/schemas/outbox";
import { controlBlast } from "@/server/notifications/control-blast";

export const dynamic = "force-dynamic";

export const POST = withAdmin(
  async ({ req, params: { packId }, session }) => {
    const { action } = await readJson(req, ZBlastActionRequest);
    return okThrough(ZBlastActionAnswer, await controlBlast({ packId, action, actorProfileId: session.profileId }));
  },
  { params: idParams("packId", "Pack not found") },
);
