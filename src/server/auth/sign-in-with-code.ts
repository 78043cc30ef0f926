import "server-only";
import { findOrCreateProfile } from "./find-or-create-profile";
import type { SessionIdentity } from "./session-identity";
import { verifyLoginCode } from "./verify-login-code";

/**
 * The credentials check behind next-auth: a verified code yields the
 * profile's session identity (creating the profile on first sign-in); a
 * wrong, expired, used or dead code, or a browser without the code's ticket,
 * yields null. Throws the 429 AppError while the phone's sign-in is paused or
 * the address is past its limit.
 */
export async function signInWithCode(input: {
  phone: string;
  code: string;
  /** The browser's sign-in ticket and known-browser mark (src/server/auth/sign-in-browser.ts). */
  ticket: string | null;
  knownBrowserMark: string | null;
  clientAddress: string;
}): Promise<SessionIdentity | null> {
  const check = await verifyLoginCode(input);
  if (!check.verified) return null;
  return findOrCreateProfile({ phone: check.phone });
}
