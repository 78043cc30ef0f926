import { z } from "zod";
import { USERNAME_RULE_MESSAGE } from "@/domain/username";
import { updateUsername } from "@/server/auth/update-username";
import { ok, readJson, withSession } from "@/server/http/api";

const ZUpdateUsernameRequest = z.object({
  username: z.string({ error: USERNAME_RULE_MESSAGE }).max(64, USERNAME_RULE_MESSAGE),
});

// POST /api/profile/updateUsername – rename the signed-in profile
export const POST = withSession(async ({ req, session }) => {
  const { username } = await readJson(req, ZUpdateUsernameRequest);
  return ok(await updateUsername({ profileId: session.profileId, username }));
});
