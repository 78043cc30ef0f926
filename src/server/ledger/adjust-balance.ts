import "server-only";
import { getDb, type Db } from "@/server/db/client";
import { findProfileByHandle } from "@/server/profiles/find-profile-by-handle";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { AppError } from "@/server/http/app-error";
import type { LedgerAdjustment } from "@/domain/schemas/grading";
import { BELOW_ZERO_MESSAGE } from "@/domain/admin-players";
import { appendLedgerEntry, getBalanceCents, lockProfileLedger } from "./append-ledger-entry";

/**
 * An admin's correction of a balance, with a reason: one admin_adjustment
 * ledger row keyed by the admin's idempotency key (a retried request adds
 * nothing), audited. A deduction may not take the balance below zero; the
 * profile's ledger is locked so parallel spends see the same balance.
 */
export async function adjustBalance(options: {
  /** Handle or profile id. */
  profile: string;
  amountCents: number;
  reason: string;
  idempotencyKey: string;
  actorProfileId: string;
  db?: Db;
}): Promise<LedgerAdjustment> {
  const db = options.db ?? (await getDb());
  const reason = options.reason.trim();
  if (!reason) throw new AppError("BAD_REQUEST", "A reason is required.");
  if (!Number.isInteger(options.amountCents) || options.amountCents === 0) {
    throw new AppError("BAD_REQUEST", "The amount must be a non-zero number of diamonds with at most two decimals.");
  }
  const profile = await findProfileByHandle({ handleOrId: options.profile, db });
  if (!profile) throw new AppError("NOT_FOUND", "Profile not found.");
  return db.transaction(async (tx) => {
    await lockProfileLedger(tx, profile.id);
    const before = await getBalanceCents(tx, profile.id);
    if (before + options.amountCents < 0) throw new AppError("CONFLICT", BELOW_ZERO_MESSAGE);
    const applied = await appendLedgerEntry(tx, {
      profileId: profile.id,
      amountCents: options.amountCents,
      kind: "admin_adjustment",
      businessKey: `adjust:${options.actorProfileId}:${options.idempotencyKey}`,
      reason,
      actorProfileId: options.actorProfileId,
    });
    const balanceCents = applied ? before + options.amountCents : before;
    if (applied) {
      await recordAdminAction(tx, {
        actorProfileId: options.actorProfileId,
        action: "ledger.adjust",
        entityType: "profile",
        entityId: profile.id,
        before: { balanceCents: before },
        after: { balanceCents, amountCents: options.amountCents, reason },
      });
    }
    return { applied, balanceCents };
  });
}
