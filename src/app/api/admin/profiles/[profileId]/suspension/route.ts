// POST /api/admin/profiles/{profileId}/suspension {suspended, reason} – suspend or restore a player, audited → {suspendedAt}
import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { setProfileSuspension } from "@/server/profiles/set-profile-suspension";
import { playerParams } from "@/server/http/route-kits";
import { ZSuspensionAnswer, ZSuspensionRequest } from "@/domain/schemas/admin-players";

export const dynamic = "force-dynamic";

export const POST = withAdmin(
  async ({ req, params: { profileId }, session }) => {
    const input = await readJson(req, ZSuspensionRequest);
    return okThrough(
      ZSuspensionAnswer,
      await setProfileSuspension({ profileId, suspended: input.suspended, reason: input.reason, actorProfileId: session.profileId }),
    );
  },
  { params: playerParams },
);
