import "server-only";
import { eq, sql } from "drizzle-orm";
import { toE164 } from "@/domain/phone";
import { serverEnv } from "@/env";
import { getDb } from "@/server/db/client";
import { loginCodes } from "@/server/db/schema";
import { MAX_WRONG_GUESSES, isWellFormedCode, loginCodeMatches } from "./otp";
import { assertSignInNotPaused, recordFailedVerification, tooManyAttempts } from "./sign-in-limits";

export type LoginCodeCheck = { verified: true; phone: string } | { verified: false };

/**
 * A right code verifies once, within its 10 minutes, and only before its 5th
 * wrong guess (the row is locked, so parallel guesses are counted exactly).
 * Every failure counts toward the phone's daily limit; past it sign-in pauses
 * for an hour and this throws the 429 instead.
 */
export async function verifyLoginCode(input: { phone: string; code: string; now?: Date }): Promise<LoginCodeCheck> {
  const phone = toE164(input.phone);
  const code = input.code.trim();
  if (!phone || !isWellFormedCode(code)) return { verified: false };
  const now = input.now ?? new Date();
  const db = await getDb();
  await assertSignInNotPaused(db, phone, now);

  const secret = serverEnv().nextAuthSecret;
  const verified = await db.transaction(async (tx) => {
    const [live] = await tx.select().from(loginCodes).where(eq(loginCodes.phone, phone)).for("update");
    if (!live || live.consumedAt || live.expiresAt <= now || live.failedAttempts >= MAX_WRONG_GUESSES) return false;
    if (loginCodeMatches({ storedHash: live.codeHash, phone, code, secret })) {
      await tx.update(loginCodes).set({ consumedAt: now }).where(eq(loginCodes.phone, phone));
      return true;
    }
    await tx
      .update(loginCodes)
      .set({ failedAttempts: sql`${loginCodes.failedAttempts} + 1` })
      .where(eq(loginCodes.phone, phone));
    return false;
  });
  if (verified) return { verified: true, phone };

  const pauseSeconds = await recordFailedVerification(db, phone, now);
  if (pauseSeconds !== null) throw tooManyAttempts(pauseSeconds);
  return { verified: false };
}
