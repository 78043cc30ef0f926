import "server-only";
import type { AuthOptions, LoggerInstance } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { safeRedirectUrl } from "@/domain/safe-redirect";
import { SUSPENDED_SIGN_IN_ERROR, rateLimitedSignInError } from "@/domain/sign-in";
import { serverEnv } from "@/env";
import { AppError } from "@/server/http/app-error";
import { clientAddress } from "@/server/http/client-address";
import { errorFields, log } from "@/server/ops/log";
import { tokensBalanceOf } from "@/server/profiles/get-own-token-balance";
import { findSessionIdentity } from "./find-session-identity";
import { isSessionCurrent, tokenSessionVersion } from "./is-session-current";
import { revokeSessions } from "./revoke-sessions";
import { cookieFromHeader, signInBrowserFrom } from "./sign-in-browser";
import { decodeSessionToken, encodeSessionToken } from "./session-jwt";
import { signInWithCode } from "./sign-in-with-code";

/** Thirty days, next-auth's default; admin rights are re-read from the database on every admin request anyway. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

const ZCredentials = z.object({
  phone: z.string().max(32),
  code: z.string().max(16),
});

const MAX_LOGGED_DETAIL = 2_000;
const MAX_LOGGED_CODE = 64;

/**
 * The signed-in player's balance for their session answer, or undefined when it cannot be read:
 * the callback must not throw for it, since next-auth answers a throwing session callback by
 * clearing the cookie, which would sign the player out over a balance.
 */
async function sessionBalance(profileId: string): Promise<number | undefined> {
  try {
    return await tokensBalanceOf(profileId);
  } catch (error) {
    log("error", "session balance read failed", errorFields(error));
    return undefined;
  }
}

/** Thrown by the jwt callback for a token a logout has revoked: next-auth then answers an empty session and clears the cookie. */
class SessionRevokedError extends Error {
  override name = "SessionRevoked";
}

/** next-auth's message codes are short constants; anything else (a code posted to _log) is cut to size. */
const boundedCode = (code: unknown) =>
  String(code)
    .slice(0, MAX_LOGGED_CODE)
    .replace(/[^\w:.-]/g, "?");

/** next-auth's messages (and the browser's POST _log beacon) go to our JSON log, bounded. */
function describe(metadata: unknown): Record<string, unknown> {
  if (metadata instanceof Error) return errorFields(metadata);
  if (metadata && typeof metadata === "object" && "error" in metadata && metadata.error instanceof Error) {
    return errorFields(metadata.error);
  }
  const text = JSON.stringify(metadata ?? null) ?? "null";
  return { detail: text.length > MAX_LOGGED_DETAIL ? `${text.slice(0, MAX_LOGGED_DETAIL)}…` : text };
}

const isRevokedSession = (metadata: unknown) =>
  !!metadata && typeof metadata === "object" && "name" in metadata && metadata.name === "SessionRevoked";

const logger: LoggerInstance = {
  error: (code, metadata) => {
    // An old cookie after a logout is expected, not a server error.
    if (isRevokedSession(metadata)) return log("info", "next-auth session revoked by a logout");
    log("error", `next-auth ${boundedCode(code)}`, describe(metadata));
  },
  warn: (code) => log("warn", `next-auth ${boundedCode(code)}`),
  debug: (code) => log("debug", `next-auth ${boundedCode(code)}`),
};

/**
 * next-auth's configuration: phone + code credentials, JWT sessions in an
 * http-only SameSite=Lax cookie (Secure when NEXTAUTH_URL is https), our
 * /login page for sign-in and errors. The token is written only from the
 * database: at sign-in, and on a session update, which ignores whatever the
 * browser sends (docs/decisions/001-session-strategy.md).
 */
export function buildAuthOptions(): AuthOptions {
  const env = serverEnv();
  return {
    secret: env.nextAuthSecret,
    useSecureCookies: env.NEXTAUTH_URL.startsWith("https://"),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    // next-auth's token format with its key derived once (session-jwt.ts).
    jwt: { encode: encodeSessionToken, decode: decodeSessionToken },
    pages: { signIn: "/login", error: "/login" },
    logger,
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Phone",
        credentials: {
          phone: { label: "Phone", type: "tel" },
          code: { label: "Code", type: "text" },
        },
        async authorize(credentials, req) {
          const parsed = ZCredentials.safeParse(credentials);
          if (!parsed.success) return null;
          const headers = req.headers ?? {};
          // The code is checked against this browser's sign-in ticket only (docs/decisions/002-otp-rules.md).
          const browser = signInBrowserFrom((name) => cookieFromHeader(headers.cookie, name));
          try {
            return await signInWithCode({ ...parsed.data, ...browser, clientAddress: clientAddress(headers) });
          } catch (error) {
            if (error instanceof AppError && error.code === "RATE_LIMITED") {
              // next-auth puts a thrown error's message in the answer's `error=`.
              throw new Error(rateLimitedSignInError(Number(error.extra.retryAfter)));
            }
            // A suspended player proved their phone: tell them why, not "verification failed".
            if (error instanceof AppError && error.code === "FORBIDDEN") throw new Error(SUSPENDED_SIGN_IN_ERROR);
            // Anything else must not reach the URL; the user sees "verification failed".
            log("error", "sign-in check failed", errorFields(error));
            return null;
          }
        },
      }),
    ],
    events: {
      // Logging out ends the session everywhere: a copy of the cookie stops working too.
      async signOut({ token }) {
        if (token?.sub) await revokeSessions({ profileId: token.sub });
      },
    },
    callbacks: {
      // Every callbackUrl (query, form or its cookie) goes through here: a path on this site, or home. Never throws.
      redirect({ url, baseUrl }) {
        return safeRedirectUrl(url, baseUrl);
      },
      async jwt({ token, user, trigger }) {
        if (user) {
          return {
            sub: user.id,
            profileID: user.profileID,
            phone: user.phone,
            superAdmin: user.superAdmin,
            commissioner: user.commissioner,
            sessionVersion: user.sessionVersion,
            ...(user.isNewProfile ? { isNewProfile: true } : {}),
          };
        }
        if (trigger === "update" && token.sub) {
          // The browser's data is ignored on purpose: identity comes from the database only.
          const current = await findSessionIdentity({ profileId: token.sub });
          if (!current) throw new Error("The session's profile no longer exists");
          if (current.sessionVersion !== tokenSessionVersion(token)) throw new SessionRevokedError("Logged out since");
          return {
            ...token,
            sub: current.id,
            profileID: current.profileID,
            phone: current.phone,
            superAdmin: current.superAdmin,
            commissioner: current.commissioner,
            isNewProfile: undefined,
          };
        }
        if (token.sub && !(await isSessionCurrent({ profileId: token.sub, sessionVersion: tokenSessionVersion(token) }))) {
          throw new SessionRevokedError("Logged out since");
        }
        return token;
      },
      // Runs only for the REST answer (GET and POST /api/auth/session): the server's own reads of a
      // session (readSession, readPageSession) decode the cookie with getToken and never call it,
      // so rendering a page pays no balance query. The balance is read afresh for every answer and
      // never written to the token (it changes; the cookie is the jwt callback's alone), so the
      // shell's one session request per page load also fills the header's diamond pill (issue 36).
      async session({ session, token }) {
        const tokensBalance = token.sub ? await sessionBalance(token.sub) : undefined;
        return {
          expires: session.expires,
          user: {
            id: token.sub ?? "",
            profileID: token.profileID ?? "",
            phone: token.phone ?? "",
            superAdmin: token.superAdmin === true,
            ...(token.commissioner === true ? { commissioner: true } : {}),
            ...(token.isNewProfile ? { isNewProfile: true } : {}),
            ...(tokensBalance === undefined ? {} : { tokensBalance }),
          },
        };
      },
    },
  };
}
