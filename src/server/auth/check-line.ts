import "server-only";
import { createHmac } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import { lineRefusal, type LineFacts } from "@/domain/line-type";
import { serverEnv } from "@/env";
import { type DbOrTx, getDb } from "@/server/db/client";
import { lineChecks } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import { getLineLookup } from "@/server/integrations/carrier/line-lookup";
import { log } from "@/server/ops/log";
import { appMetrics } from "@/server/ops/metrics";

/** A number's line is looked up at most once in this many days (docs/decisions/059-fair-play.md). */
export const LINE_CHECK_TTL_DAYS = 30;
const TTL_MS = LINE_CHECK_TTL_DAYS * 24 * 60 * 60_000;

/** The cache's key: an HMAC of the number, so the table holds no phone number (account deletion leaves none behind). */
const phoneHash = (phone: string) => createHmac("sha256", serverEnv().nextAuthSecret).update(`line-check:${phone}`).digest("hex");

/**
 * Throws a 422 with the sentence the sign-in form shows when the carrier lookup (CARRIER_LOOKUP_URL)
 * says `phone` is not a US mobile (src/domain/line-type.ts). Without a lookup configured it does
 * nothing. The answer is cached for LINE_CHECK_TTL_DAYS. A lookup that fails or does not answer
 * within CARRIER_LOOKUP_TIMEOUT_MS lets the number through (fail open), logged and counted, and is
 * not cached. The caller asks only for new numbers whose text the new-numbers budget allowed, so
 * lookups stay within the sign-in limits (src/server/auth/send-login-code.ts).
 */
export async function assertTextableLine(db: DbOrTx, phone: string, now: Date): Promise<void> {
  const lookup = getLineLookup();
  if (!lookup) return;
  const key = phoneHash(phone);
  const [cached] = await db.select().from(lineChecks).where(eq(lineChecks.phoneHash, key)).limit(1);
  const fresh = cached && cached.checkedAt.getTime() > now.getTime() - TTL_MS;
  let facts: LineFacts;
  if (fresh) {
    facts = { type: cached.lineType, countryCode: cached.countryCode };
  } else {
    try {
      facts = await lookup.lookup(phone);
    } catch (error) {
      appMetrics().lineLookups.inc({ outcome: "failed" });
      log("warn", "carrier lookup failed: the number is let through unchecked", { error: String(error) });
      return;
    }
    const row = { lineType: facts.type, countryCode: facts.countryCode, checkedAt: now };
    await db
      .insert(lineChecks)
      .values({ phoneHash: key, ...row })
      .onConflictDoUpdate({ target: lineChecks.phoneHash, set: row });
  }
  const refusal = lineRefusal(facts);
  appMetrics().lineLookups.inc({ outcome: fresh ? "cached" : refusal ? "refused" : "allowed" });
  if (refusal) throw new AppError("UNPROCESSABLE", refusal, { code: "LINE_NOT_MOBILE" });
}

/** Forgets line checks older than LINE_CHECK_TTL_DAYS: the table holds at most a month of new numbers. */
export async function purgeOldLineChecks(now = new Date()): Promise<void> {
  const db = await getDb();
  await db.delete(lineChecks).where(lt(lineChecks.checkedAt, new Date(now.getTime() - TTL_MS)));
}
