import "server-only";
import { forbidden, redirect } from "next/navigation";
import { adminRoleOf, readAdminFacts, roleMayUse, type AdminAccess } from "./admin-role";
import { readPageSession } from "./read-page-session";
import type { SessionUser } from "./session";

/**
 * Guards an admin page before it renders (docs/SCREENS.md §3): a visitor is sent
 * to `/login?redirect={path}`; a signed-in non-admin gets the 403 page
 * (app/forbidden.tsx), and so does a commissioner on a page that does not say
 * `{ allow: "commissioner" }` (docs/decisions/064-commissioner-role.md). Admin
 * rights are re-read from the database, as for admin API routes.
 */
export async function requireAdminPage(path: string, access: AdminAccess = {}): Promise<SessionUser> {
  const session = await readPageSession();
  if (!session) redirect(`/login?redirect=${encodeURIComponent(path)}`);
  const row = await readAdminFacts(session.profileId);
  if (row?.sessionVersion !== session.sessionVersion) redirect(`/login?redirect=${encodeURIComponent(path)}`);
  const role = adminRoleOf(row);
  if (!roleMayUse(role, access)) forbidden();
  return { ...session, handle: row.handle, superAdmin: row.superAdmin, adminRole: role! };
}
