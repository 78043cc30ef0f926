import "server-only";
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { PRODUCT_NAME } from "@/config";

// The sign-in rules of docs/PRODUCT.md §1, in one place (docs/decisions/002-otp-rules.md).
export const LOGIN_CODE_TTL_MS = 10 * 60_000;
export const RESEND_COOLDOWN_MS = 30_000;
export const MAX_WRONG_GUESSES = 5;
/** Codes one browser may ask for one phone (its own budget: nobody else's requests spend it). */
export const SENDS_PER_PHONE_PER_BROWSER_PER_HOUR = 5;
/** Codes one address may have texted to one phone, from browsers that never signed in as it. */
export const SENDS_PER_PHONE_PER_ADDRESS_PER_HOUR = 5;
/** Codes texted to one phone for all browsers that never signed in as it: the bound on harassment. */
export const SENDS_PER_PHONE_PER_HOUR = 30;
/** Codes texted to one phone for the browsers that have signed in as it before (only they can spend these). */
export const SENDS_PER_PHONE_TO_KNOWN_BROWSERS_PER_HOUR = 10;
export const SENDS_PER_ADDRESS_PER_HOUR = 20;
export const FAILED_CHECKS_PER_ADDRESS_PER_HOUR = 20;
export const WRONG_GUESSES_PER_PHONE_AND_ADDRESS_PER_DAY = 20;
export const WRONG_GUESSES_PER_PHONE_PER_DAY = 100;
export const SIGN_IN_PAUSE_MS = 60 * 60_000;

const CODE_PATTERN = /^[0-9]{6}$/;

/** Six digits from the operating system's CSPRNG, leading zeros kept. */
export function generateLoginCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

export function isWellFormedCode(code: string): boolean {
  return CODE_PATTERN.test(code);
}

/**
 * HMAC-SHA256 keyed by the server secret and bound to the phone: a leaked
 * table row cannot be brute-forced offline without the secret, and a hash is
 * useless for any other phone.
 */
export function hashLoginCode(input: { phone: string; code: string; secret: string }): string {
  return createHmac("sha256", input.secret).update(`login-code:${input.phone}:${input.code}`).digest("hex");
}

/** Constant-time comparison of a typed code against the stored hash. */
export function loginCodeMatches(input: { storedHash: string; phone: string; code: string; secret: string }): boolean {
  const expected = Buffer.from(hashLoginCode(input), "hex");
  const stored = Buffer.from(input.storedHash, "hex");
  return stored.length === expected.length && timingSafeEqual(stored, expected);
}

/** The text a phone receives; the outbox keeps it with the code masked. */
export function loginCodeText(code: string): string {
  return `Your ${PRODUCT_NAME} code is ${code}. It expires in 10 minutes. Don't share it with anyone.`;
}

export const REDACTED_CODE = "••••••";
