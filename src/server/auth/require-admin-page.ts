import "server-only";
import { eq } from "drizzle-orm";
import { forbidden, redirect } from "next/navigation";
import { getDb } from "@/server/db/client";
import { profiles } from "@/server/db/schema";
import { readPageSession } from "./read-page-session";
import type { SessionUser } from "./session";

/**
 * Guards an admin page before it renders (docs/SCREENS.md §3): a visitor is sent
 * to `/login?redirect={path}`; a signed-in non-admin gets the 403 page
 * (app/forbidden.tsx). Admin rights are re-read from the database, as for
 * admin API routes.
 */
export async function requireAdminPage(path: string): Promise<SessionUser> {
  const session = await readPageSession();
  if (!session) redirect(`/login?redirect=${encodeURIComponent(path)}`);
  const db = await getDb();
  const [row] = await db
    .select({ superAdmin: profiles.superAdmin, handle: profiles.handle, sessionVersion: profiles.sessionVersion })
    .from(profiles)
    .where(eq(profiles.id, session.profileId))
    .limit(1);
  if (row?.sessionVersion !== session.sessionVersion) redirect(`/login?redirect=${encodeURIComponent(path)}`);
  if (!row.superAdmin) forbidden();
  return { ...session, handle: row.handle, superAdmin: true };
}
