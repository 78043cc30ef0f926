import "server-only";
import { safeRedirectUrl } from "@/domain/safe-redirect";
import { serverEnv } from "@/env";

// next-auth's cookie holding the last callbackUrl; "__Secure-" prefixed on https.
const CALLBACK_URL_COOKIE = /^(__Secure-)?next-auth\.callback-url$/;

/**
 * next-auth checks a `callbackUrl` query parameter and its callback-url cookie
 * before any of our callbacks run, and answers a 500 (or an error page) when
 * either does not parse. Both are made safe first, the same way as every
 * redirect target (src/domain/safe-redirect.ts): a URL on this site, or home.
 */
export function withSafeCallbackUrls<T extends Record<string, unknown>>(values: T, kind: "query" | "cookies"): T {
  const origin = serverEnv().NEXTAUTH_URL;
  const safe: Record<string, unknown> = { ...values };
  for (const [name, value] of Object.entries(values)) {
    const isCallbackUrl = kind === "query" ? name === "callbackUrl" : CALLBACK_URL_COOKIE.test(name);
    if (isCallbackUrl) safe[name] = safeRedirectUrl(value, origin);
  }
  return safe as T;
}
