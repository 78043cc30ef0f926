import "server-only";
import { sql } from "drizzle-orm";
import { type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { tooManyAttemptsMessage } from "@/domain/sign-in";
import { serverEnv } from "@/env";
import { AppError } from "@/server/http/app-error";
import { consumeRateLimit, type RateLimitRule } from "@/server/ratelimit/consume-rate-limit";
import { log } from "@/server/ops/log";
import {
  FAILED_CHECKS_PER_ADDRESS_PER_HOUR,
  SENDS_PER_ADDRESS_PER_HOUR,
  SENDS_PER_PHONE_PER_ADDRESS_PER_HOUR,
  SENDS_PER_PHONE_PER_BROWSER_PER_HOUR,
  SENDS_PER_PHONE_PER_HOUR,
  SENDS_PER_PHONE_TO_KNOWN_BROWSERS_PER_HOUR,
  SIGN_IN_PAUSE_MS,
  WRONG_GUESSES_PER_PHONE_AND_ADDRESS_PER_DAY,
  WRONG_GUESSES_PER_PHONE_PER_DAY,
} from "./otp";

// The sign-in limits of docs/decisions/002-otp-rules.md. Every counter lives
// in rate_limit_counters, so all instances share them.

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** The 429 every sign-in limit answers with; the UI shows the same sentence. */
export function tooManyAttempts(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError("RATE_LIMITED", tooManyAttemptsMessage(seconds), { retryAfter: seconds });
}

export const sendsPerAddressRule = (address: string): RateLimitRule => ({
  bucket: `send-code:ip:${address}`,
  limit: SENDS_PER_ADDRESS_PER_HOUR,
  windowMs: HOUR_MS,
});

/** One browser's own codes for one phone (keyed by the hash of its ticket): only that browser spends them. */
export const sendsPerBrowserRule = (phone: string, ticketHash: string): RateLimitRule => ({
  bucket: `send-code:phone:${phone}:ticket:${ticketHash}`,
  limit: SENDS_PER_PHONE_PER_BROWSER_PER_HOUR,
  windowMs: HOUR_MS,
});

/** Codes to one phone asked for from one address by browsers that never signed in as it. */
export const sendsPerPhoneAndAddressRule = (phone: string, address: string): RateLimitRule => ({
  bucket: `send-code:phone:${phone}:ip:${address}`,
  limit: SENDS_PER_PHONE_PER_ADDRESS_PER_HOUR,
  windowMs: HOUR_MS,
});

/** Codes to one phone for all browsers that never signed in as it: the bound on harassing one phone. */
export const sendsPerPhoneRule = (phone: string): RateLimitRule => ({
  bucket: `send-code:phone:${phone}`,
  limit: SENDS_PER_PHONE_PER_HOUR,
  windowMs: HOUR_MS,
});

/** Codes to one phone for the browsers that signed in as it before; nobody else can spend these. */
export const sendsToKnownBrowsersRule = (phone: string): RateLimitRule => ({
  bucket: `send-code:phone:${phone}:known`,
  limit: SENDS_PER_PHONE_TO_KNOWN_BROWSERS_PER_HOUR,
  windowMs: HOUR_MS,
});

/** Sign-in texts to numbers without a profile: the ceiling on the bill a flood of new numbers can run up. */
export const newNumbersBudgetRule = (): RateLimitRule => ({
  bucket: "send-code:new-numbers",
  limit: serverEnv().SIGN_IN_TEXTS_PER_HOUR,
  windowMs: HOUR_MS,
});

/** Sign-in texts to players, asked for from browsers that never signed in as them: a much larger hard ceiling. */
export const playersBudgetRule = (): RateLimitRule => ({
  bucket: "send-code:players",
  limit: serverEnv().SIGN_IN_TEXTS_TO_PLAYERS_PER_HOUR,
  windowMs: HOUR_MS,
});

/** Code checks from one address that did not sign in, whatever the phone or the reason. */
export const failedChecksPerAddressRule = (address: string): RateLimitRule => ({
  bucket: `verify-failed:ip:${address}`,
  limit: FAILED_CHECKS_PER_ADDRESS_PER_HOUR,
  windowMs: HOUR_MS,
});

const wrongGuessesPerPairRule = (phone: string, address: string): RateLimitRule => ({
  bucket: `verify-wrong:phone:${phone}:ip:${address}`,
  limit: WRONG_GUESSES_PER_PHONE_AND_ADDRESS_PER_DAY,
  windowMs: DAY_MS,
});

const wrongGuessesPerPhoneRule = (phone: string): RateLimitRule => ({
  bucket: `verify-wrong:phone:${phone}`,
  limit: WRONG_GUESSES_PER_PHONE_PER_DAY,
  windowMs: DAY_MS,
});

const phonePauseBucket = (phone: string) => `sign-in-paused:phone:${phone}`;
const pairPauseBucket = (phone: string, address: string) => `sign-in-paused:phone:${phone}:ip:${address}`;

/** Counts one hit and throws the 429 when the rule's window is full. */
export async function enforceSignInLimit(db: DbOrTx, rule: RateLimitRule, now: Date): Promise<void> {
  const result = await consumeRateLimit(db, rule, now);
  if (!result.allowed) throw tooManyAttempts(result.retryAfterSeconds);
}

/**
 * Counts one sign-in text against an hourly budget; false once it is spent.
 * A spent budget never changes the answer (that would tell a player's phone
 * from a new number): the text is just not sent. The first refusal in a
 * window logs a warning.
 */
export async function spendTextBudget(db: DbOrTx, rule: RateLimitRule, now: Date): Promise<boolean> {
  const result = await consumeRateLimit(db, rule, now);
  if (result.allowed) return true;
  if (result.count === rule.limit + 1) {
    log("warn", "sign-in text budget reached: no more codes are texted from it this hour", { budget: rule.bucket, limit: rule.limit });
  }
  return false;
}

/**
 * Throws the 429 while this phone's sign-in is paused, either everywhere
 * (too many wrong codes from many addresses) or for this address only. A
 * browser that has signed in as the phone before is never paused: strangers'
 * guesses must not keep the owner out.
 */
export async function assertSignInNotPaused(db: DbOrTx, phone: string, address: string, now: Date, knownBrowser: boolean): Promise<void> {
  if (knownBrowser) return;
  const [row] = await selectRows(
    db,
    sql`select max(expires_at) as until from rate_limit_counters
        where bucket in (${phonePauseBucket(phone)}, ${pairPauseBucket(phone, address)})
          and expires_at > ${now.toISOString()}::timestamptz`,
    rowShape((r) => ({ until: r.dateOrNull("until") })),
  );
  if (!row?.until) return;
  throw tooManyAttempts((new Date(row.until).getTime() - now.getTime()) / 1000);
}

async function startPause(db: DbOrTx, bucket: string, now: Date): Promise<void> {
  // The pause is a row in the shared counters table so every instance sees
  // it; the periodic purge removes it once it has expired.
  await db.execute(
    sql`insert into rate_limit_counters (bucket, window_start, count, expires_at)
        values (${bucket}, ${now.toISOString()}::timestamptz, 1,
                ${new Date(now.getTime() + SIGN_IN_PAUSE_MS).toISOString()}::timestamptz)
        on conflict (bucket, window_start) do nothing`,
  );
}

/**
 * Records a wrong guess at a live code, per phone and address and per phone.
 * The day's 20th (and every later) wrong guess from one address pauses that
 * address for that phone for an hour; the day's 100th from all addresses
 * together pauses the phone. Returns the pause length in seconds when one started.
 */
export async function recordWrongGuess(db: DbOrTx, phone: string, address: string, now: Date): Promise<number | null> {
  const fromAddress = await consumeRateLimit(db, wrongGuessesPerPairRule(phone, address), now);
  const overall = await consumeRateLimit(db, wrongGuessesPerPhoneRule(phone), now);
  let paused = false;
  if (fromAddress.count >= WRONG_GUESSES_PER_PHONE_AND_ADDRESS_PER_DAY) {
    await startPause(db, pairPauseBucket(phone, address), now);
    paused = true;
  }
  if (overall.count >= WRONG_GUESSES_PER_PHONE_PER_DAY) {
    await startPause(db, phonePauseBucket(phone), now);
    paused = true;
  }
  return paused ? SIGN_IN_PAUSE_MS / 1000 : null;
}
