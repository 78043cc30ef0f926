import "server-only";
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { profiles, tokenLedger, type LEDGER_KINDS } from "@/server/db/schema";

export interface LedgerEntry {
  profileId: string;
  amountCents: number;
  kind: (typeof LEDGER_KINDS)[number];
  /** Unique per business event (e.g. `award:{cardId}:{profileId}`): a retry cannot pay twice. */
  businessKey: string;
  reason?: string;
  takeId?: string;
  packId?: string;
  awardClaimId?: string;
  exchangeId?: string;
  actorProfileId?: string;
}

/**
 * Appends one ledger row; returns false (and writes nothing) when a row with
 * the same business key already exists. The ledger is append-only.
 */
export async function appendLedgerEntry(db: DbOrTx, entry: LedgerEntry): Promise<boolean> {
  if (!Number.isInteger(entry.amountCents) || entry.amountCents === 0) {
    throw new RangeError(`Ledger amounts are non-zero whole cents, got ${entry.amountCents}`);
  }
  const inserted = await db
    .insert(tokenLedger)
    .values(entry)
    .onConflictDoNothing({ target: tokenLedger.businessKey })
    .returning({ id: tokenLedger.id });
  return inserted.length === 1;
}

/**
 * Serialises every balance-changing operation of one profile: take this lock
 * (inside the transaction) before reading a balance you are about to spend.
 */
export async function lockProfileLedger(tx: DbOrTx, profileId: string): Promise<void> {
  await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profileId)).for("update");
}

/** The balance is the sum of the ledger, in cents. */
export async function getBalanceCents(db: DbOrTx, profileId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${tokenLedger.amountCents}), 0)::bigint`.mapWith(Number) })
    .from(tokenLedger)
    .where(eq(tokenLedger.profileId, profileId));
  return row?.cents ?? 0;
}

/** The balances of these profiles in cents (absent: no ledger rows), in one index-only query over token_ledger_profile_idx. */
export async function getBalancesCents(db: DbOrTx, profileIds: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ profileId: tokenLedger.profileId, cents: sql<number>`sum(${tokenLedger.amountCents})::bigint`.mapWith(Number) })
    .from(tokenLedger)
    .where(sql`${tokenLedger.profileId} = any(${`{${profileIds.join(",")}}`}::uuid[])`)
    .groupBy(tokenLedger.profileId);
  return new Map(rows.map((row) => [row.profileId, row.cents]));
}
