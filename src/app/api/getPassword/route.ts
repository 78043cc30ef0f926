import { withOptionalSession, okThrough, readQuery } from "@/server/http/api";
import { ZGetPasswordQuery, ZMembersGateAnswer } from "@/domain/schemas/members";
import { getMembersGate } from "@/server/members/get-members-gate";
import { MEMBERS_ACCESS_COOKIE } from "@/server/members/members-access-token";

export const dynamic = "force-dynamic";

// GET /api/getPassword?passwordID=beta-members – kept for compatibility; says
// whether the gate exists and whether this browser has passed it, never the password.
export const GET = withOptionalSession(async ({ req }) => {
  const { passwordID } = readQuery(req, ZGetPasswordQuery);
  const gate = await getMembersGate({ passwordId: passwordID, accessCookie: req.cookies.get(MEMBERS_ACCESS_COOKIE)?.value });
  return okThrough(ZMembersGateAnswer, gate);
});
