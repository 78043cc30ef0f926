import "server-only";
import type { NextRequest } from "next/server";
import { AppError } from "@/server/http/app-error";
import { getMembersGate } from "@/server/members/get-members-gate";
import { MEMBERS_ACCESS_COOKIE } from "@/server/members/members-access-token";
import { CONTESTS_PASSWORD_ID } from "@/server/members/read-page-members-gate";

/** Contests are for members (docs/decisions/090-members-gate.md): their standings open behind the same gate as their boards. */
export async function requireContestsGate(req: NextRequest): Promise<void> {
  const gate = await getMembersGate({ passwordId: CONTESTS_PASSWORD_ID, accessCookie: req.cookies.get(MEMBERS_ACCESS_COOKIE)?.value });
  if (!gate.hasAccess) throw new AppError("FORBIDDEN", "Contests are for members: enter the members password first.");
}
