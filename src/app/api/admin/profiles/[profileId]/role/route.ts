// POST /api/admin/profiles/{profileId}/role {commissioner, reason} – grant or take back the commissioner role, audited → {commissioner} (super admins only, decision 064)
import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { setCommissioner } from "@/server/profiles/set-commissioner";
import { playerParams } from "@/server/http/route-kits";
import { ZCommissionerAnswer, ZCommissionerRequest } from "@/domain/schemas/admin-players";

export const dynamic = "force-dynamic";

export const POST = withAdmin(
  async ({ req, params: { profileId }, session }) => {
    const input = await readJson(req, ZCommissionerRequest);
    return okThrough(
      ZCommissionerAnswer,
      await setCommissioner({ profileId, commissioner: input.commissioner, reason: input.reason, actorProfileId: session.profileId }),
    );
  },
  { params: playerParams },
);
