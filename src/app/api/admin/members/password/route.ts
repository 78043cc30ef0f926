import { withAdmin, okThrough, readJson, readQuery } from "@/server/http/api";
import {
  ZMembersPasswordChangeAnswer,
  ZMembersPasswordStatusAnswer,
  ZMembersPasswordStatusQuery,
  ZSetMembersPasswordRequest,
} from "@/domain/schemas/members";
import { getMembersPasswordStatus } from "@/server/members/get-members-password-status";
import { setMembersPassword } from "@/server/members/set-members-password";

// GET /api/admin/members/password?passwordID= – whether the gate has a password (never the password).
export const GET = withAdmin(async ({ req }) => {
  const { passwordID } = readQuery(req, ZMembersPasswordStatusQuery);
  return okThrough(ZMembersPasswordStatusAnswer, { status: await getMembersPasswordStatus({ passwordId: passwordID }) });
});

// POST /api/admin/members/password – sets or rotates the password; rotation ends all access.
export const POST = withAdmin(async ({ req, session }) => {
  const { passwordID, password } = await readJson(req, ZSetMembersPasswordRequest);
  const change = await setMembersPassword({ passwordId: passwordID, password, actorProfileId: session.profileId });
  return okThrough(ZMembersPasswordChangeAnswer, { passwordID: change.passwordId, version: change.version, rotated: change.rotated });
});
