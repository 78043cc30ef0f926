import "server-only";
import { getToken, type JWT, type JWTDecodeParams } from "next-auth/jwt";
import type { NextRequest } from "next/server";
import { serverEnv } from "@/env";
import { AppError } from "@/server/http/app-error";
import { adminRoleOf, readAdminFacts, roleMayUse, type AdminAccess, type AdminRole } from "./admin-role";
import { isSessionCurrent, tokenSessionVersion } from "./is-session-current";
import { decodeSessionToken } from "./session-jwt";

/** What the JWT carries: the uuid is the identity, the rest is for display. */
export interface SessionUser {
  profileId: string;
  handle: string;
  phone: string;
  superAdmin: boolean;
  /** The profile's session_version the token was issued at. */
  sessionVersion: number;
  /** Set only on admin requests, read from the database (requireAdmin, requireAdminPage). */
  adminRole?: AdminRole;
}

// Decrypting a session token (AES-GCM; its key is derived once, session-jwt.ts) on every request
// is a few percent of a busy server. The same token string always decodes to the same claims, so
// recent ones are kept, never past the token's own expiry.
const DECODED_CACHE_SIZE = 2_000;
const DECODED_CACHE_MS = 60_000;
const decodedTokens = new Map<string, { token: JWT; until: number }>();

async function decodeRemembered(params: JWTDecodeParams): Promise<JWT | null> {
  const key = params.token;
  if (!key) return null;
  const now = Date.now();
  const hit = decodedTokens.get(key);
  if (hit && hit.until > now) return hit.token;
  decodedTokens.delete(key);
  const token = await decodeSessionToken(params);
  if (!token) return null;
  const expires = typeof token.exp === "number" ? token.exp * 1000 : now;
  const until = Math.min(now + DECODED_CACHE_MS, expires);
  if (until > now) {
    if (decodedTokens.size >= DECODED_CACHE_SIZE) decodedTokens.delete(decodedTokens.keys().next().value!);
    decodedTokens.set(key, { token, until });
  }
  return token;
}

/**
 * The signed-in user of a request, or null: no token, a token that does not
 * decrypt, or one revoked by a logout since it was issued (decision 018).
 */
export async function readSession(req: NextRequest | Request): Promise<SessionUser | null> {
  const env = serverEnv();
  const token = await getToken({
    req: req as NextRequest,
    secret: env.nextAuthSecret,
    secureCookie: env.NEXTAUTH_URL.startsWith("https://"),
    decode: decodeRemembered,
  });
  if (!token?.sub) return null;
  const sessionVersion = tokenSessionVersion(token);
  if (!(await isSessionCurrent({ profileId: token.sub, sessionVersion }))) return null;
  return {
    profileId: token.sub,
    handle: typeof token.profileID === "string" ? token.profileID : "",
    phone: typeof token.phone === "string" ? token.phone : "",
    superAdmin: token.superAdmin === true,
    sessionVersion,
  };
}

export function requireSession(session: SessionUser | null): SessionUser {
  if (!session) throw new AppError("UNAUTHORIZED", "Please log in to continue.");
  return session;
}

/**
 * Admin rights are re-read from the database on every admin request, so a
 * revoked admin (or commissioner) is refused at once even with an older
 * session token; the same read checks the session version, so a logged-out
 * admin token is refused at once on every instance. A commissioner passes only
 * where `access.allow` names them (docs/decisions/064-commissioner-role.md).
 */
export async function requireAdmin(session: SessionUser | null, access: AdminAccess = {}): Promise<SessionUser> {
  const user = requireSession(session);
  const row = await readAdminFacts(user.profileId);
  if (row?.sessionVersion !== user.sessionVersion) throw new AppError("UNAUTHORIZED", "Please log in to continue.");
  const role = adminRoleOf(row);
  if (!role) throw new AppError("FORBIDDEN", "This area is for admins.");
  if (!roleMayUse(role, access)) throw new AppError("FORBIDDEN", "This is for the super admin; commissioners build, open and grade packs.");
  return { ...user, handle: row.handle, superAdmin: row.superAdmin, adminRole: role };
}
