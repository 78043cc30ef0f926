import { updateUsername } from "@/server/auth/update-username";
import { ok, readJson, withSession } from "@/server/http/api";
import { ZUpdateUsernameRequest } from "@/domain/schemas/player-requests";

// POST /api/profile/updateUsername – rename the signed-in profile
export const POST = withSession(async ({ req, session }) => {
  const { username } = await readJson(req, ZUpdateUsernameRequest);
  return ok(await updateUsername({ profileId: session.profileId, username }));
});
