import "server-only";
import { cookies } from "next/headers";
import type { MembersGate } from "@/domain/schemas/members";
import { getMembersGate } from "./get-members-gate";
import { MEMBERS_ACCESS_COOKIE } from "./members-access-token";

/** The contests area's gate (docs/PRODUCT.md §10). */
export const CONTESTS_PASSWORD_ID = "beta-members";

/** For server components: whether the browser asking for this page has passed the contests gate. */
export async function readPageMembersGate(): Promise<MembersGate> {
  const jar = await cookies();
  return getMembersGate({ passwordId: CONTESTS_PASSWORD_ID, accessCookie: jar.get(MEMBERS_ACCESS_COOKIE)?.value });
}
