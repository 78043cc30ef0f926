import "server-only";
import { getToken } from "next-auth/jwt";
import type { NextRequest } from "next/server";
import { eq } from "drizzle-orm";
import { serverEnv } from "@/env";
import { getDb } from "@/server/db/client";
import { profiles } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";

/** What the JWT carries: the uuid is the identity, the rest is for display. */
export interface SessionUser {
  profileId: string;
  handle: string;
  phone: string;
  superAdmin: boolean;
}

export async function readSession(req: NextRequest | Request): Promise<SessionUser | null> {
  const env = serverEnv();
  const token = await getToken({
    req: req as NextRequest,
    secret: env.nextAuthSecret,
    secureCookie: env.NEXTAUTH_URL.startsWith("https://"),
  });
  if (!token?.sub) return null;
  return {
    profileId: token.sub,
    handle: typeof token.profileID === "string" ? token.profileID : "",
    phone: typeof token.phone === "string" ? token.phone : "",
    superAdmin: token.superAdmin === true,
  };
}

export function requireSession(session: SessionUser | null): SessionUser {
  if (!session) throw new AppError("UNAUTHORIZED", "Please log in to continue.");
  return session;
}

/**
 * Admin rights are re-read from the database on every admin request, so a
 * revoked admin is refused at once even with an older session token.
 */
export async function requireAdmin(session: SessionUser | null): Promise<SessionUser> {
  const user = requireSession(session);
  const db = await getDb();
  const [row] = await db
    .select({ superAdmin: profiles.superAdmin, handle: profiles.handle })
    .from(profiles)
    .where(eq(profiles.id, user.profileId))
    .limit(1);
  if (!row?.superAdmin) throw new AppError("FORBIDDEN", "This area is for admins.");
  return { ...user, handle: row.handle, superAdmin: true };
}
