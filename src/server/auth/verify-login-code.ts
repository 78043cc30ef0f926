import "server-only";
import { eq, sql } from "drizzle-orm";
import { toE164 } from "@/domain/phone";
import { serverEnv } from "@/env";
import { getDb } from "@/server/db/client";
import { loginCodes } from "@/server/db/schema";
import { consumeRateLimit, refundRateLimit } from "@/server/ratelimit/consume-rate-limit";
import { MAX_WRONG_GUESSES, isWellFormedCode, loginCodeMatches } from "./otp";
import {
  assertSignInNotPaused,
  failedChecksPerAddressRule,
  recordWrongGuess,
  tooManyAttempts,
} from "./sign-in-limits";

export type LoginCodeCheck = { verified: true; phone: string } | { verified: false };

type Outcome = "verified" | "wrong-guess" | "no-live-code";

/**
 * A right code verifies once, within its 10 minutes, and only before its 5th
 * wrong guess (the row is locked, so parallel guesses are counted exactly).
 * Every failed check counts against the client address (20 an hour). Only a
 * wrong guess at a live code counts against the phone, per address and
 * overall, so a stranger without the phone's code cannot pause its sign-in
 * from one address (docs/decisions/002-otp-rules.md). Throws the 429 while
 * paused or past a limit.
 */
export async function verifyLoginCode(input: {
  phone: string;
  code: string;
  /** From clientAddress(): the per-address limits count it. */
  clientAddress: string;
  now?: Date;
}): Promise<LoginCodeCheck> {
  const phone = toE164(input.phone);
  const code = input.code.trim();
  if (!phone || !isWellFormedCode(code)) return { verified: false };
  const now = input.now ?? new Date();
  const db = await getDb();
  await assertSignInNotPaused(db, phone, input.clientAddress, now);

  // Counted before the check, so parallel guesses cannot slip past the
  // limit; a successful sign-in gives its count back.
  const addressRule = failedChecksPerAddressRule(input.clientAddress);
  const attempt = await consumeRateLimit(db, addressRule, now);
  if (!attempt.allowed) throw tooManyAttempts(attempt.retryAfterSeconds);

  const secret = serverEnv().nextAuthSecret;
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [live] = await tx.select().from(loginCodes).where(eq(loginCodes.phone, phone)).for("update");
    if (!live || live.consumedAt || live.expiresAt <= now || live.failedAttempts >= MAX_WRONG_GUESSES) {
      return "no-live-code";
    }
    if (loginCodeMatches({ storedHash: live.codeHash, phone, code, secret })) {
      await tx.update(loginCodes).set({ consumedAt: now }).where(eq(loginCodes.phone, phone));
      return "verified";
    }
    await tx
      .update(loginCodes)
      .set({ failedAttempts: sql`${loginCodes.failedAttempts} + 1` })
      .where(eq(loginCodes.phone, phone));
    return "wrong-guess";
  });
  if (outcome === "verified") {
    await refundRateLimit(db, addressRule, now);
    return { verified: true, phone };
  }
  if (outcome === "wrong-guess") {
    const pauseSeconds = await recordWrongGuess(db, phone, input.clientAddress, now);
    if (pauseSeconds !== null) throw tooManyAttempts(pauseSeconds);
  }
  return { verified: false };
}
