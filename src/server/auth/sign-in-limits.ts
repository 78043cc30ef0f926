import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "@/server/db/client";
import { tooManyAttemptsMessage } from "@/domain/sign-in";
import { AppError } from "@/server/http/app-error";
import { consumeRateLimit, type RateLimitRule } from "@/server/ratelimit/consume-rate-limit";
import {
  FAILED_VERIFICATIONS_PER_DAY,
  SENDS_PER_IP_PER_HOUR,
  SENDS_PER_PHONE_PER_HOUR,
  SIGN_IN_PAUSE_MS,
} from "./otp";

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** The 429 every sign-in limit answers with; the UI shows the same sentence. */
export function tooManyAttempts(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError("RATE_LIMITED", tooManyAttemptsMessage(seconds), { retryAfter: seconds });
}

export const sendsPerIpRule = (ip: string): RateLimitRule => ({
  bucket: `send-code:ip:${ip}`,
  limit: SENDS_PER_IP_PER_HOUR,
  windowMs: HOUR_MS,
});

export const sendsPerPhoneRule = (phone: string): RateLimitRule => ({
  bucket: `send-code:phone:${phone}`,
  limit: SENDS_PER_PHONE_PER_HOUR,
  windowMs: HOUR_MS,
});

const failedVerificationsRule = (phone: string): RateLimitRule => ({
  bucket: `verify-failed:phone:${phone}`,
  limit: FAILED_VERIFICATIONS_PER_DAY,
  windowMs: DAY_MS,
});

const pauseBucket = (phone: string) => `sign-in-paused:phone:${phone}`;

/** Counts one hit and throws the 429 when the rule's window is full. */
export async function enforceSignInLimit(db: DbOrTx, rule: RateLimitRule, now: Date): Promise<void> {
  const result = await consumeRateLimit(db, rule, now);
  if (!result.allowed) throw tooManyAttempts(result.retryAfterSeconds);
}

/** Throws the 429 while the phone's sign-in is paused after too many failed codes. */
export async function assertSignInNotPaused(db: DbOrTx, phone: string, now: Date): Promise<void> {
  const [row] = await queryRows<{ until: string | Date | null }>(
    db,
    sql`select max(expires_at) as until from rate_limit_counters
        where bucket = ${pauseBucket(phone)} and expires_at > ${now.toISOString()}::timestamptz`,
  );
  if (!row?.until) return;
  throw tooManyAttempts((new Date(row.until).getTime() - now.getTime()) / 1000);
}

/**
 * Records a failed verification. Once the phone has failed
 * FAILED_VERIFICATIONS_PER_DAY times in the day, this and every further
 * failure that day pause its sign-in for an hour; returns the pause length
 * in seconds when one started.
 */
export async function recordFailedVerification(db: DbOrTx, phone: string, now: Date): Promise<number | null> {
  const result = await consumeRateLimit(db, failedVerificationsRule(phone), now);
  if (result.count < FAILED_VERIFICATIONS_PER_DAY) return null;
  // The pause lives in the shared counters table so every instance sees it;
  // the periodic purge removes it once it has expired.
  await db.execute(
    sql`insert into rate_limit_counters (bucket, window_start, count, expires_at)
        values (${pauseBucket(phone)}, ${now.toISOString()}::timestamptz, 1,
                ${new Date(now.getTime() + SIGN_IN_PAUSE_MS).toISOString()}::timestamptz)
        on conflict (bucket, window_start) do nothing`,
  );
  return SIGN_IN_PAUSE_MS / 1000;
}
