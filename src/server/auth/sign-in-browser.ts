import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { serverEnv } from "@/env";

// The two cookies that tell sign-in which browser is asking
// (docs/decisions/002-otp-rules.md):
// - the sign-in ticket, 128 random bits set by POST /api/sendCode: a code is
//   bound to the ticket of the browser that asked for it, and only that
//   browser can check it;
// - the known-browser mark, set when a browser signs in: an HMAC of the phone,
//   so only a browser that once proved the phone holds it, and the server
//   needs no table to recognise it.
// Both are HttpOnly, SameSite=Lax, Path=/api (sendCode and next-auth's
// callback are the only readers), and Secure with the __Secure- prefix on
// https, like next-auth's own cookies.

const TICKET_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** Longer than a code lives (10 minutes) and than the hourly count it carries. */
const TICKET_MAX_AGE_SECONDS = 24 * 60 * 60;
/** A year: a phone's own browsers keep their way in between seasons. */
const KNOWN_BROWSER_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const onHttps = () => serverEnv().NEXTAUTH_URL.startsWith("https://");
const secret = () => serverEnv().nextAuthSecret;

export const signInTicketCookieName = () => `${onHttps() ? "__Secure-" : ""}takes-sign-in`;
export const knownBrowserCookieName = () => `${onHttps() ? "__Secure-" : ""}takes-known-phone`;

/** A fresh ticket: 16 bytes from the OS CSPRNG, base64url (22 characters). */
export function newSignInTicket(): string {
  return randomBytes(16).toString("base64url");
}

/** The ticket a browser presented, or null when it has none or sent something that is not one. */
export function readSignInTicket(value: string | null | undefined): string | null {
  return value && TICKET_PATTERN.test(value) ? value : null;
}

/** What the database keeps of a ticket: an HMAC, so a leaked row does not let anyone act as that browser. */
export function hashSignInTicket(ticket: string): string {
  return createHmac("sha256", secret()).update(`sign-in-ticket:${ticket}`).digest("hex");
}

/** The known-browser mark for a phone (E.164). */
export function knownBrowserMark(phone: string): string {
  return createHmac("sha256", secret()).update(`known-browser:${phone}`).digest("base64url");
}

/** True when the browser's mark says it has signed in as this phone (E.164) before. */
export function isKnownBrowserOf(mark: string | null | undefined, phone: string): boolean {
  if (!mark) return false;
  const expected = Buffer.from(knownBrowserMark(phone));
  const presented = Buffer.from(mark);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

function setCookieHeader(name: string, value: string, maxAgeSeconds: number): string {
  return `${name}=${value}; Path=/api; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${onHttps() ? "; Secure" : ""}`;
}

/** The Set-Cookie header that gives (or renews) a browser its ticket. */
export function signInTicketSetCookie(ticket: string): string {
  return setCookieHeader(signInTicketCookieName(), ticket, TICKET_MAX_AGE_SECONDS);
}

/** The Set-Cookie header that marks a browser as one that signed in as the phone (E.164). */
export function knownBrowserSetCookie(phone: string): string {
  return setCookieHeader(knownBrowserCookieName(), knownBrowserMark(phone), KNOWN_BROWSER_MAX_AGE_SECONDS);
}

/** One cookie's value from a Cookie request header (next-auth hands authorize the raw headers). */
export function cookieFromHeader(header: string | string[] | undefined, name: string): string | undefined {
  const line = Array.isArray(header) ? header.join("; ") : header;
  for (const pair of line?.split(";") ?? []) {
    const separator = pair.indexOf("=");
    if (separator > 0 && pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim();
  }
  return undefined;
}

/** What sign-in needs to know about the asking browser, from its cookies. */
export interface SignInBrowser {
  /** The browser's sign-in ticket, or null when it has none. */
  ticket: string | null;
  /** The known-browser mark, checked against the phone by the use-case. */
  knownBrowserMark: string | null;
}

export function signInBrowserFrom(readCookie: (name: string) => string | undefined): SignInBrowser {
  return {
    ticket: readSignInTicket(readCookie(signInTicketCookieName())),
    knownBrowserMark: readCookie(knownBrowserCookieName()) ?? null,
  };
}
