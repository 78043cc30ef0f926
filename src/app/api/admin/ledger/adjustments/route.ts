// POST /api/admin/ledger/adjustments {profile, diamonds, reason, idempotencyKey} – credit or debit a balance, with a reason
import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { adjustBalance } from "@/server/ledger/adjust-balance";
import { ZLedgerAdjustmentAnswer, ZLedgerAdjustmentRequest } from "@/domain/schemas/grading";

export const dynamic = "force-dynamic";

export const POST = withAdmin(async ({ req, session }) => {
  const input = await readJson(req, ZLedgerAdjustmentRequest);
  const result = await adjustBalance({
    profile: input.profile,
    amountCents: input.diamonds,
    reason: input.reason,
    idempotencyKey: input.idempotencyKey,
    actorProfileId: session.profileId,
  });
  return okThrough(ZLedgerAdjustmentAnswer, { ...result, balance: result.balanceCents / 100 });
});
