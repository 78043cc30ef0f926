import { withOptionalSession, okThrough, readJson } from "@/server/http/api";
import { ZMembersAccessAnswer, ZMembersAccessRequest } from "@/domain/schemas/members";
import { clientAddress } from "@/server/http/client-address";
import { grantMembersAccess } from "@/server/members/grant-members-access";
import { membersAccessCookieOptions } from "@/server/members/members-access-cookie-options";
import { MEMBERS_ACCESS_COOKIE } from "@/server/members/members-access-token";

// POST /api/members/access – checks the typed members password and, when it
// matches, grants this browser access with an http-only cookie.
export const POST = withOptionalSession(async ({ req }) => {
  const { passwordID, password } = await readJson(req, ZMembersAccessRequest);
  const cookie = await grantMembersAccess({ passwordId: passwordID, password, clientAddress: clientAddress(req.headers) });
  const response = okThrough(ZMembersAccessAnswer, { hasAccess: true });
  response.cookies.set(MEMBERS_ACCESS_COOKIE, cookie.value, membersAccessCookieOptions(cookie.maxAgeSeconds));
  return response;
});
