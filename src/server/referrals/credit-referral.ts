import "server-only";
import type { DbOrTx } from "@/server/db/client";
import { appendLedgerEntry } from "@/server/ledger/append-ledger-entry";

/** 5 diamonds, in hundredths. */
export const REFERRAL_BONUS_CENTS = 500;

/**
 * Pays the referrer once per (pack, referred player): the business key makes
 * the first referrer of the pair the only one credited, and never the player
 * themself. Returns whether this call paid.
 */
export async function creditReferral(db: DbOrTx, input: { referrerId: string; referredId: string; packId: string }): Promise<boolean> {
  if (input.referrerId === input.referredId) return false;
  return appendLedgerEntry(db, {
    profileId: input.referrerId,
    amountCents: REFERRAL_BONUS_CENTS,
    kind: "referral_bonus",
    businessKey: `referral:${input.packId}:${input.referredId}`,
    reason: "Referral bonus",
    packId: input.packId,
  });
}
