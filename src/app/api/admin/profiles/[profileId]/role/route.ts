// POST /api/admin/profiles/{profileId}/role {commissioner, reason} – grant or take back the commissioner role, audited → {commissioner} (super admins only, decision 064)
import { adminRecordRoutes } from "@/server/http/route-kits";
import { setCommissioner } from "@/server/profiles/set-commissioner";
import { ZCommissionerAnswer, ZCommissionerRequest } from "@/domain/schemas/admin-players";

export const dynamic = "force-dynamic";

export const POST = adminRecordRoutes("profileId", "Player not found.").write(
  ZCommissionerRequest,
  ZCommissionerAnswer,
  (profileId, { commissioner, reason }, actorProfileId) => setCommissioner({ profileId, commissioner, reason, actorProfileId }),
);
