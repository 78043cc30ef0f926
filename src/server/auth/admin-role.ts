import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { profiles } from "@/server/db/schema";

/**
 * The admin area's two roles (docs/decisions/064-commissioner-role.md): the super admin
 * (profiles.super_admin, from ADMIN_PHONES) may use everything; a commissioner
 * (profiles.commissioner, granted by a super admin) only what builds, opens and grades packs.
 *
 * A route or page is for super admins unless it opts in with `{ allow: "commissioner" }`, so one
 * forgotten is refused to a commissioner, never opened. The table of what a commissioner may use
 * is tests/api/authorization-sweep.test.ts's COMMISSIONER_ROUTES and COMMISSIONER_PAGES.
 */
export type AdminAllow = "commissioner";

export interface AdminAccess {
  /** Who besides the super admin may use this route or page. Absent: super admins only. */
  allow?: AdminAllow;
}

export type AdminRole = "super_admin" | "commissioner";

/** The profile's admin facts as the database has them now (never from the session token). */
export async function readAdminFacts(profileId: string) {
  const db = await getDb();
  const [row] = await db
    .select({
      superAdmin: profiles.superAdmin,
      commissioner: profiles.commissioner,
      handle: profiles.handle,
      sessionVersion: profiles.sessionVersion,
    })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .limit(1);
  return row ?? null;
}

/** The role the facts give, or null for a player. A super admin who is also a commissioner is a super admin. */
export function adminRoleOf(facts: { superAdmin: boolean; commissioner: boolean }): AdminRole | null {
  if (facts.superAdmin) return "super_admin";
  if (facts.commissioner) return "commissioner";
  return null;
}

/** Whether a role may use a route or page with this access: a super admin everything, a commissioner only what allows them. */
export function roleMayUse(role: AdminRole | null, access: AdminAccess = {}): boolean {
  if (role === "super_admin") return true;
  return role === "commissioner" && access.allow === "commissioner";
}
