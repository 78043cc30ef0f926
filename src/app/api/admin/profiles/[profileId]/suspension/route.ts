// POST /api/admin/profiles/{profileId}/suspension {suspended, reason} – suspend or restore a player, audited → {suspendedAt}
import { adminRecordRoutes } from "@/server/http/route-kits";
import { setProfileSuspension } from "@/server/profiles/set-profile-suspension";
import { ZSuspensionAnswer, ZSuspensionRequest } from "@/domain/schemas/admin-players";

export const dynamic = "force-dynamic";

export const POST = adminRecordRoutes("profileId", "Player not found.").write(
  ZSuspensionRequest,
  ZSuspensionAnswer,
  (profileId, { suspended, reason }, actorProfileId) => setProfileSuspension({ profileId, suspended, reason, actorProfileId }),
);
