import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { toE164 } from "@/domain/phone";
import { SEND_CODE_FAILED } from "@/domain/sign-in";
import { serverEnv } from "@/env";
import { getDb } from "@/server/db/client";
import { loginCodes } from "@/server/db/schema";
import { AppError, badRequest } from "@/server/http/app-error";
import { sendTextNow } from "@/server/notifications/send-text-now";
import { LOGIN_CODE_TEXT } from "@/server/notifications/text-kinds";
import {
  LOGIN_CODE_TTL_MS,
  REDACTED_CODE,
  RESEND_COOLDOWN_MS,
  generateLoginCode,
  hashLoginCode,
  loginCodeText,
} from "./otp";
import {
  assertSignInNotPaused,
  enforceSignInLimit,
  enforceTextBudget,
  sendsPerAddressRule,
  sendsPerPhoneRule,
  tooManyAttempts,
} from "./sign-in-limits";

/**
 * Issues a fresh 6-digit code for the phone (replacing any earlier one),
 * stores only its hash and texts it. The answer never depends on whether the
 * phone has a profile. Limits: one send per 30 s and 5 per hour per phone,
 * 20 per hour per client address, none while the phone's sign-in is paused
 * (for this address or everywhere), and SIGN_IN_TEXTS_PER_HOUR for the app.
 */
export async function sendLoginCode(input: {
  phone: string;
  /** From clientAddress(): the per-address limits count it. */
  clientAddress: string;
  now?: Date;
}): Promise<void> {
  const phone = toE164(input.phone);
  if (!phone) throw badRequest("Please enter a 10-digit phone number.");
  const now = input.now ?? new Date();
  const db = await getDb();

  await enforceSignInLimit(db, sendsPerAddressRule(input.clientAddress), now);
  await assertSignInNotPaused(db, phone, input.clientAddress, now);
  const cooldownStartedBefore = new Date(now.getTime() - RESEND_COOLDOWN_MS);
  const [previous] = await db
    .select({ createdAt: loginCodes.createdAt })
    .from(loginCodes)
    .where(eq(loginCodes.phone, phone));
  if (previous && previous.createdAt > cooldownStartedBefore) {
    throw tooManyAttempts((previous.createdAt.getTime() + RESEND_COOLDOWN_MS - now.getTime()) / 1000);
  }
  await enforceSignInLimit(db, sendsPerPhoneRule(phone), now);
  // Last, so that sends refused by any other rule do not spend the budget.
  await enforceTextBudget(db, now);

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
  // (on any instances) cannot both replace the code.
  const stored = await db
    .insert(loginCodes)
    .values({ phone, ...fresh })
    .onConflictDoUpdate({
      target: loginCodes.phone,
      set: fresh,
      setWhere: sql`${loginCodes.createdAt} <= ${cooldownStartedBefore.toISOString()}::timestamptz`,
    })
    .returning({ phone: loginCodes.phone });
  if (stored.length === 0) throw tooManyAttempts(RESEND_COOLDOWN_MS / 1000);

  try {
    await sendTextNow({
      to: phone,
      body: loginCodeText(code),
      storedBody: loginCodeText(REDACTED_CODE),
      kind: LOGIN_CODE_TEXT,
    });
  } catch (error) {
    // A code that never arrived must not block an immediate retry.
    await db.delete(loginCodes).where(and(eq(loginCodes.phone, phone), eq(loginCodes.codeHash, codeHash)));
    throw new AppError("UPSTREAM_FAILED", SEND_CODE_FAILED, {}, `login code text failed: ${String(error)}`);
  }
}
