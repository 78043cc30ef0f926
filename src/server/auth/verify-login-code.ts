import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { toE164 } from "@/domain/phone";
import { serverEnv } from "@/env";
import { getDb } from "@/server/db/client";
import { loginCodes } from "@/server/db/schema";
import { markNumberDeliverable } from "@/server/notifications/delivery/undeliverable-number";
import { consumeRateLimit, refundRateLimit } from "@/server/ratelimit/consume-rate-limit";
import { MAX_WRONG_GUESSES, isWellFormedCode, loginCodeMatches } from "./otp";
import { hashSignInTicket, isKnownBrowserOf } from "./sign-in-browser";
import { assertSignInNotPaused, failedChecksPerAddressRule, recordWrongGuess, tooManyAttempts } from "./sign-in-limits";

export type LoginCodeCheck = { verified: true; phone: string } | { verified: false };

type Outcome = "verified" | "wrong-guess" | "no-live-code";

/**
 * A right code verifies once, within its 10 minutes, and only before its 5th
 * wrong guess (the row is locked, so parallel guesses are counted exactly).
 * Only the code of the presenting browser's ticket is checked: a guess from
 * any other browser never reaches, counts against or kills it. Every failed
 * check counts against the client address (20 an hour), except from one of
 * the phone's own browsers (it signed in as the phone before). Only a wrong guess
 * at a live code counts against the phone, per address and overall, so a
 * stranger cannot pause its sign-in from one address
 * (docs/decisions/002-otp-rules.md). Throws the 429 while paused or past a
 * limit.
 */
export async function verifyLoginCode(input: {
  phone: string;
  code: string;
  /** The browser's sign-in ticket, or null when it has none (then there is no code to check). */
  ticket: string | null;
  /** The browser's known-browser mark: a browser that signed in as this phone is never paused. */
  knownBrowserMark?: string | null;
  /** From clientAddress(): the per-address limits count it. */
  clientAddress: string;
  now?: Date;
}): Promise<LoginCodeCheck> {
  const phone = toE164(input.phone);
  const code = input.code.trim();
  if (!phone || !isWellFormedCode(code)) return { verified: false };
  const now = input.now ?? new Date();
  const db = await getDb();
  const knownBrowser = isKnownBrowserOf(input.knownBrowserMark, phone);
  await assertSignInNotPaused(db, phone, input.clientAddress, now, knownBrowser);

  // Counted before the check, so parallel guesses cannot slip past the
  // limit; a successful sign-in gives its count back. The phone's own
  // browsers are not held up by what others on their address spent.
  const addressRule = knownBrowser ? null : failedChecksPerAddressRule(input.clientAddress);
  if (addressRule) {
    const attempt = await consumeRateLimit(db, addressRule, now);
    if (!attempt.allowed) throw tooManyAttempts(attempt.retryAfterSeconds);
  }

  const secret = serverEnv().nextAuthSecret;
  const ticket = input.ticket;
  const outcome: Outcome =
    ticket === null
      ? "no-live-code"
      : await db.transaction(async (tx): Promise<Outcome> => {
          const thisBrowsersCode = and(eq(loginCodes.phone, phone), eq(loginCodes.ticketHash, hashSignInTicket(ticket)));
          const [live] = await tx.select().from(loginCodes).where(thisBrowsersCode).for("update");
          if (!live || live.consumedAt || live.expiresAt <= now || live.failedAttempts >= MAX_WRONG_GUESSES) {
            return "no-live-code";
          }
          if (loginCodeMatches({ storedHash: live.codeHash, phone, code, secret })) {
            await tx.update(loginCodes).set({ consumedAt: now }).where(thisBrowsersCode);
            return "verified";
          }
          await tx
            .update(loginCodes)
            .set({ failedAttempts: sql`${loginCodes.failedAttempts} + 1` })
            .where(thisBrowsersCode);
          return "wrong-guess";
        });
  if (outcome === "verified") {
    if (addressRule) await refundRateLimit(db, addressRule, now);
    // The code reached the phone: its number takes texts again (docs/decisions/071-delivery-on-the-record.md).
    await markNumberDeliverable(db, phone, now);
    return { verified: true, phone };
  }
  if (outcome === "wrong-guess") {
    const pauseSeconds = await recordWrongGuess(db, phone, input.clientAddress, now);
    if (pauseSeconds !== null) throw tooManyAttempts(pauseSeconds);
  }
  return { verified: false };
}
