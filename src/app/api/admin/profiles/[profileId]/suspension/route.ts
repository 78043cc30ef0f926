// POST /api/admin/profiles/{profileId}/suspension {suspended, reason} – suspend or restore a player, audited → {suspendedAt}
import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { setProfileSuspension } from "@/server/profiles/set-profile-suspension";
import { ZProfileIdParam, ZSuspensionAnswer, ZSuspensionRequest } from "@/domain/schemas/admin-players";

export const dynamic = "force-dynamic";

type Params = { profileId: string };

export const POST = withAdmin<Params>(async ({ req, params, session }) => {
  const profileId = ZProfileIdParam.parse(params.profileId);
  const input = await readJson(req, ZSuspensionRequest);
  return okThrough(
    ZSuspensionAnswer,
    await setProfileSuspension({ profileId, suspended: input.suspended, reason: input.reason, actorProfileId: session.profileId }),
  );
});
