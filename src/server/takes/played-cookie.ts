import "server-only";
import { cookies } from "next/headers";
import { serverEnv } from "@/env";

// "This browser has played" (docs/decisions/058-the-game-explains-itself.md): the dashboard's
// pitch is for visitors and players with no take yet, and the shared page cache keeps two copies of
// `/`, with and without it, chosen by this cookie (src/front-door/cached-routes.ts), so a signed-in
// player's dashboard is still served from the cache at kickoff. It names no one and holds no
// secret: a take sets it, so does signing in as a player who has made one, and deleting the
// account clears it. Without it (cleared, or a session from before it existed) the dashboard shows
// the pitch until the next take.
export const PLAYED_COOKIE = "takes-played";
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const secure = () => (serverEnv().NEXTAUTH_URL.startsWith("https://") ? "; Secure" : "");

/** The Set-Cookie value that marks this browser as one that has played. */
export function playedSetCookie(): string {
  return `${PLAYED_COOKIE}=1; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure()}`;
}

/** The Set-Cookie value that forgets it (the account was deleted). */
export function playedClearCookie(): string {
  return `${PLAYED_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure()}`;
}

/** Whether the request being rendered comes from a browser that has played; false outside a request. */
export async function browserHasPlayed(): Promise<boolean> {
  try {
    return (await cookies()).get(PLAYED_COOKIE)?.value === "1";
  } catch {
    return false;
  }
}
