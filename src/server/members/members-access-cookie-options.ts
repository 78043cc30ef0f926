import "server-only";
import { serverEnv } from "@/env";

/**
 * http-only (scripts never see it), SameSite=Lax, whole site, and Secure
 * whenever the site is served over https — the same rule next-auth applies to
 * the session cookie, so a production deployment always gets Secure.
 */
export function membersAccessCookieOptions(maxAgeSeconds: number) {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    secure: serverEnv().NEXTAUTH_URL.startsWith("https://"),
    path: "/",
    maxAge: maxAgeSeconds,
  };
}
