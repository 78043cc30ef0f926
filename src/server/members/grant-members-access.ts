import "server-only";
import { eq } from "drizzle-orm";
import { serverEnv } from "@/env";
import { verifySecret } from "@/server/auth/secret-hash";
import { writeContext, type Clocked } from "@/server/db/write-context";
import { memberPasswords } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import { consumeRateLimit, refundRateLimit, type RateLimitRule } from "@/server/ratelimit/consume-rate-limit";
import { MEMBERS_ACCESS_MAX_AGE_SECONDS, signMembersAccess } from "./members-access-token";

export const MEMBERS_ATTEMPTS_PER_MINUTE = 10;
export const INCORRECT_PASSWORD = "Incorrect password.";
export const COULD_NOT_FETCH_PASSWORD = "Could not fetch password";

export interface MembersAccessCookie {
  value: string;
  maxAgeSeconds: number;
}

const attemptRule = (clientAddress: string): RateLimitRule => ({
  bucket: `members-access:ip:${clientAddress}`,
  limit: MEMBERS_ATTEMPTS_PER_MINUTE,
  windowMs: 60_000,
});

/**
 * Checks a typed members password (trimmed) against the stored hash in
 * constant time and returns the signed access cookie for the current password
 * version. Every attempt is counted per IP before the check, so parallel
 * guesses cannot slip past the limit; a correct attempt gives its count back,
 * so only wrong tries use up the 10 per minute.
 */
export async function grantMembersAccess(
  options: {
    passwordId: string;
    password: string;
    /** From clientAddress(): the limit is per client address. */
    clientAddress: string;
  } & Clocked,
): Promise<MembersAccessCookie> {
  const { db, now } = await writeContext(options);
  const rule = attemptRule(options.clientAddress);
  const attempt = await consumeRateLimit(db, rule, now);
  if (!attempt.allowed) {
    throw new AppError("RATE_LIMITED", "Too many attempts. Please try again in a minute.", {
      retryAfter: attempt.retryAfterSeconds,
    });
  }

  const [row] = await db
    .select({ hash: memberPasswords.passwordHash, version: memberPasswords.version })
    .from(memberPasswords)
    .where(eq(memberPasswords.passwordId, options.passwordId))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", COULD_NOT_FETCH_PASSWORD);

  const typed = options.password.trim();
  const correct = typed.length > 0 && (await verifySecret(typed, row.hash));
  if (!correct) throw new AppError("FORBIDDEN", INCORRECT_PASSWORD);

  await refundRateLimit(db, rule, now);
  const value = signMembersAccess(serverEnv().nextAuthSecret, {
    passwordId: options.passwordId,
    version: row.version,
    expiresAt: new Date(now.getTime() + MEMBERS_ACCESS_MAX_AGE_SECONDS * 1000),
  });
  return { value, maxAgeSeconds: MEMBERS_ACCESS_MAX_AGE_SECONDS };
}
