import { updateUsername } from "@/server/auth/update-username";
import { okThrough, readJson, withSession } from "@/server/http/api";
import { ZUpdateUsernameRequest } from "@/domain/schemas/player-requests";
import { VUsernameSaved } from "@/domain/schemas/session";

// POST /api/profile/updateUsername – rename the signed-in profile
export const POST = withSession(async ({ req, session }) => {
  const { username } = await readJson(req, ZUpdateUsernameRequest);
  return okThrough(VUsernameSaved, await updateUsername({ profileId: session.profileId, username }));
});
