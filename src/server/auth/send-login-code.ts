import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { toE164 } from "@/domain/phone";
import { SEND_CODE_FAILED } from "@/domain/sign-in";
import { serverEnv } from "@/env";
import { getDb, type DbOrTx } from "@/server/db/client";
import { loginCodes, profiles } from "@/server/db/schema";
import { AppError, badRequest } from "@/server/http/app-error";
import { sendTextNow } from "@/server/notifications/send-text-now";
import { LOGIN_CODE_TEXT } from "@/server/notifications/text-kinds";
import { LOGIN_CODE_TTL_MS, REDACTED_CODE, RESEND_COOLDOWN_MS, generateLoginCode, hashLoginCode, loginCodeText } from "./otp";
import { assertTextableLine } from "./check-line";
import { hashSignInTicket, isKnownBrowserOf } from "./sign-in-browser";
import {
  assertSignInNotPaused,
  enforceSignInLimit,
  newNumbersBudgetRule,
  playersBudgetRule,
  sendsPerAddressRule,
  sendsPerBrowserRule,
  sendsPerPhoneAndAddressRule,
  sendsPerPhoneRule,
  sendsToKnownBrowsersRule,
  spendTextBudget,
  tooManyAttempts,
} from "./sign-in-limits";

/**
 * Issues a fresh 6-digit code for the phone, bound to the asking browser's
 * sign-in ticket (replacing that browser's earlier code only), stores only
 * its hash and texts it. Limits (docs/decisions/002-otp-rules.md): per phone
 * and browser one send per 30 s and 5 per hour; then, for one of the phone's
 * own browsers (it signed in as the phone before), 10 per phone per hour; for
 * any other browser, 20 per hour per client address, none while the phone's
 * sign-in is paused, 5 per phone and address and 30 per phone. Past those, the answer is the same
 * whatever the phone: a suspended player, or a spent hourly text budget
 * (new numbers', or players' for browsers that never signed in as them),
 * means no text is sent, never a different answer.
 */
export async function sendLoginCode(input: {
  phone: string;
  /** The asking browser's sign-in ticket (src/server/auth/sign-in-browser.ts): only it can check the code. */
  ticket: string;
  /** The browser's known-browser mark, when it has one: a browser that signed in as this phone passes the phone's shared limits. */
  knownBrowserMark?: string | null;
  /** From clientAddress(): the per-address limits count it. */
  clientAddress: string;
  now?: Date;
}): Promise<void> {
  const phone = toE164(input.phone);
  if (!phone) throw badRequest("Please enter a 10-digit phone number.");
  const now = input.now ?? new Date();
  const db = await getDb();
  const ticketHash = hashSignInTicket(input.ticket);
  const knownBrowser = isKnownBrowserOf(input.knownBrowserMark, phone);

  // The phone's own browsers are not held up by what others on their address (a carrier's NAT, an office) spent.
  if (!knownBrowser) await enforceSignInLimit(db, sendsPerAddressRule(input.clientAddress), now);
  await assertSignInNotPaused(db, phone, input.clientAddress, now, knownBrowser);
  const cooldownStartedBefore = new Date(now.getTime() - RESEND_COOLDOWN_MS);
  const thisBrowsersCode = and(eq(loginCodes.phone, phone), eq(loginCodes.ticketHash, ticketHash));
  const [previous] = await db.select({ createdAt: loginCodes.createdAt }).from(loginCodes).where(thisBrowsersCode);
  if (previous && previous.createdAt > cooldownStartedBefore) {
    throw tooManyAttempts((previous.createdAt.getTime() + RESEND_COOLDOWN_MS - now.getTime()) / 1000);
  }
  // Narrowest first, so that a send one rule refuses does not spend the wider ones.
  await enforceSignInLimit(db, sendsPerBrowserRule(phone, ticketHash), now);
  if (knownBrowser) {
    await enforceSignInLimit(db, sendsToKnownBrowsersRule(phone), now);
  } else {
    await enforceSignInLimit(db, sendsPerPhoneAndAddressRule(phone, input.clientAddress), now);
    await enforceSignInLimit(db, sendsPerPhoneRule(phone), now);
  }

  const code = generateLoginCode();
  const codeHash = hashLoginCode({ phone, code, secret: serverEnv().nextAuthSecret });
  const fresh = {
    codeHash,
    expiresAt: new Date(now.getTime() + LOGIN_CODE_TTL_MS),
    failedAttempts: 0,
    consumedAt: null,
    createdAt: now,
  };
  // The cooldown is re-checked in the upsert itself, so two parallel sends
  // from one browser (on any instances) cannot both replace its code.
  const stored = await db
    .insert(loginCodes)
    .values({ phone, ticketHash, ...fresh })
    .onConflictDoUpdate({
      target: [loginCodes.phone, loginCodes.ticketHash],
      set: fresh,
      setWhere: sql`${loginCodes.createdAt} <= ${cooldownStartedBefore.toISOString()}::timestamptz`,
    })
    .returning({ phone: loginCodes.phone });
  if (stored.length === 0) throw tooManyAttempts(RESEND_COOLDOWN_MS / 1000);

  // The row is kept even when no text goes out, so the next request meets the same cooldown either way;
  // a line refused as not a mobile gets no code at all.
  let texting: boolean;
  try {
    texting = await mayText(db, phone, knownBrowser, now);
  } catch (error) {
    await db.delete(loginCodes).where(and(thisBrowsersCode, eq(loginCodes.codeHash, codeHash)));
    throw error;
  }
  if (!texting) return;
  try {
    await sendTextNow({
      to: phone,
      body: loginCodeText(code),
      storedBody: loginCodeText(REDACTED_CODE),
      kind: LOGIN_CODE_TEXT,
    });
  } catch (error) {
    // A code that never arrived must not block an immediate retry.
    await db.delete(loginCodes).where(and(thisBrowsersCode, eq(loginCodes.codeHash, codeHash)));
    throw new AppError("UPSTREAM_FAILED", SEND_CODE_FAILED, {}, `login code text failed: ${String(error)}`);
  }
}

/**
 * Whether this code is texted. Never to a suspended player. A phone with a
 * profile (or listed in ADMIN_PHONES, which will have one at its first
 * sign-in) is a player's: texted at once to its own browsers, otherwise
 * within the players' hourly ceiling. Any other number spends the hourly
 * budget for new numbers, so a flood of new numbers cannot stop players,
 * and, where a carrier lookup is configured, must be a US mobile: else the
 * refusal (422) says why.
 */
async function mayText(db: DbOrTx, phone: string, knownBrowser: boolean, now: Date): Promise<boolean> {
  const [profile] = await db.select({ suspendedAt: profiles.suspendedAt }).from(profiles).where(eq(profiles.phone, phone)).limit(1);
  if (profile?.suspendedAt) return false;
  const player = !!profile || serverEnv().adminPhones.some((entry) => toE164(entry) === phone);
  if (!player) {
    if (!(await spendTextBudget(db, newNumbersBudgetRule(), now))) return false;
    // Only now, inside every sign-in limit and the new numbers' budget, is the line looked up
    // (CARRIER_LOOKUP_URL): a player's number never is (docs/decisions/059-fair-play.md).
    await assertTextableLine(db, phone, now);
    return true;
  }
  if (knownBrowser) return true;
  return spendTextBudget(db, playersBudgetRule(), now);
}
