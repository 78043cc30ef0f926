import "server-only";
import { eq, sql } from "drizzle-orm";
import { getDb, queryRows, type Db, type Tx } from "@/server/db/client";
import { packs, props } from "@/server/db/schema";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { enqueueJob } from "@/server/jobs/enqueue-job";
import { AppError } from "@/server/http/app-error";
import { PUSH_POINTS, tokensCentsForPoints } from "@/domain/points";
import {
  isGradedStatus,
  packStatusByClock,
  propStatusByClock,
  statusForOutcome,
  type PropOutcome,
  type PropStatus,
} from "@/domain/grading";

export interface GradePropInput {
  propId: string;
  /** A or B won, push, void; null un-grades the prop (takes back to pending). */
  outcome: PropOutcome | null;
  /** e.g. "NYY 5 - 3 BOS"; kept when omitted, cleared on un-grade. */
  resultText?: string | null;
  /** Null when the system grades (the auto-grading job). */
  actorProfileId: string | null;
  now?: Date;
  db?: Db;
}

export interface GradePropResult {
  propId: string;
  packId: string;
  packURL: string;
  /** False when the prop already had this outcome (grading is idempotent). */
  changed: boolean;
  status: PropStatus;
  gradeVersion: number;
  takesUpdated: number;
  payoutCents: number;
  reversedCents: number;
  packStatus: string;
  packBecameGraded: boolean;
  packLeftGraded: boolean;
}

const CENTS_PER_POINT = tokensCentsForPoints(1);

/** How every current take of a prop scores under `status`, as SQL expressions over a takes row `t`. */
function takeScoring(status: PropStatus) {
  switch (status) {
    case "gradedA":
    case "gradedB": {
      const winning = status === "gradedA" ? "A" : "B";
      return {
        result: sql`case when t.side = ${winning} then 'won' else 'lost' end`,
        points: sql`case when t.side = ${winning} then t.locked_value else 0 end`,
      };
    }
    case "push":
      return { result: sql`'push'`, points: sql`${PUSH_POINTS}::int` };
    case "void":
      return { result: sql`'void'`, points: sql`0` };
    default:
      return { result: sql`'pending'`, points: sql`0` };
  }
}

/**
 * Grades (or re-grades, or un-grades) one prop in one short transaction:
 * every current take gets its result, points and tokens from its locked side
 * value; each earlier non-zero payout is reversed and each new one paid with
 * ledger keys of this grade version, so history is never edited and a retry
 * cannot pay twice. Grading the same outcome again changes nothing. The pack
 * becomes `graded` with its last prop and returns to its clock status when one
 * is un-graded. Leaderboards follow through the takes triggers' queue.
 */
export async function gradeProp(input: GradePropInput): Promise<GradePropResult> {
  const db = input.db ?? (await getDb());
  const now = input.now ?? new Date();
  return db.transaction((tx) => gradeInTransaction(tx, input, now));
}

async function gradeInTransaction(tx: Tx, input: GradePropInput, now: Date): Promise<GradePropResult> {
  // Compiling these set-based statements (JIT) costs more than running them.
  // The takes and ledger triggers' transition tables (old and new rows of up to
  // 100,000 takes) otherwise spill to temporary files at the default work_mem.
  await tx.execute(sql`set local jit = off`);
  await tx.execute(sql`set local work_mem = '64MB'`);
  // Pack first, then prop: every grader of a pack queues here, so "all props graded" is decided once.
  const [target] = await tx
    .select({ packId: props.packId })
    .from(props)
    .where(eq(props.id, input.propId))
    .limit(1);
  if (!target) throw new AppError("NOT_FOUND", "Prop not found.");
  const [pack] = await tx.select().from(packs).where(eq(packs.id, target.packId)).for("no key update");
  const [prop] = await tx.select().from(props).where(eq(props.id, input.propId)).for("no key update");
  if (!pack || !prop) throw new AppError("NOT_FOUND", "Prop not found.");

  const status: PropStatus = input.outcome ? statusForOutcome(input.outcome) : propStatusByClock(prop, pack, now);
  const resultText = input.outcome ? (input.resultText === undefined ? prop.resultText : input.resultText?.trim() || null) : null;
  const unchanged: GradePropResult = {
    propId: prop.id,
    packId: pack.id,
    packURL: pack.packUrl,
    changed: false,
    status: prop.status as PropStatus,
    gradeVersion: prop.gradeVersion,
    takesUpdated: 0,
    payoutCents: 0,
    reversedCents: 0,
    packStatus: pack.status,
    packBecameGraded: false,
    packLeftGraded: false,
  };

  const wasGraded = isGradedStatus(prop.status);
  if (status === prop.status || (!input.outcome && !wasGraded)) {
    if (input.outcome && resultText !== prop.resultText) {
      await tx.update(props).set({ resultText, updatedAt: now }).where(eq(props.id, prop.id));
      await recordAdminAction(tx, {
        actorProfileId: input.actorProfileId,
        action: "prop.result_text",
        entityType: "prop",
        entityId: prop.id,
        before: { resultText: prop.resultText },
        after: { resultText },
      });
    }
    return unchanged;
  }

  const version = prop.gradeVersion + 1;
  await tx
    .update(props)
    .set({ status, resultText, gradedAt: isGradedStatus(status) ? now : null, gradeVersion: version, updatedAt: now })
    .where(eq(props.id, prop.id));

  // Payout rows name their take in the business key and leave the take, pack
  // and actor columns empty (the actor is in the audit log). The key leads
  // with the prop and grade version, so one grade's keys are neighbours in the
  // unique index: 50,000 payouts fill a few new index pages instead of
  // touching (and writing in full to the WAL) pages all over a large index
  // (docs/decisions/005-ledger-and-grading.md).
  const reason = `${pack.title}: ${prop.shortLabel}`;
  // Reverse what the takes hold now (their tokens always equal their net payout), before rewriting them.
  const [reversed] = await queryRows<{ cents: number }>(
    tx,
    sql`
      with reversed as (
        insert into token_ledger (profile_id, amount_cents, kind, business_key, reason)
        select t.profile_id, -t.tokens_cents, 'take_payout_reversal', 'reversal:' || t.prop_id || ':v' || ${version}::int || ':' || t.id,
               ${`Re-graded: ${reason}`}
        from takes t
        where t.prop_id = ${prop.id} and t.is_current and t.tokens_cents > 0
        returning amount_cents
      )
      select coalesce(sum(amount_cents), 0)::bigint as cents from reversed
    `,
  );

  const scoring = takeScoring(status);
  const [rewritten] = await queryRows<{ updated: number; cents: number }>(
    tx,
    sql`
      with updated as (
        update takes t
        set result = ${scoring.result}, points = ${scoring.points}, tokens_cents = ${scoring.points} * ${CENTS_PER_POINT}
        where t.prop_id = ${prop.id} and t.is_current
        returning t.id, t.profile_id, t.tokens_cents
      ),
      paid as (
        insert into token_ledger (profile_id, amount_cents, kind, business_key, reason)
        select u.profile_id, u.tokens_cents, 'take_payout', 'payout:' || ${prop.id} || ':v' || ${version}::int || ':' || u.id, ${reason}
        from updated u
        where u.tokens_cents > 0
        returning amount_cents
      )
      select (select count(*) from updated)::int as updated,
             (select coalesce(sum(amount_cents), 0) from paid)::bigint as cents
    `,
  );

  const packChange = await settlePackStatus(tx, pack, status, now, input.actorProfileId);
  await recordAdminAction(tx, {
    actorProfileId: input.actorProfileId,
    action: input.outcome ? "prop.grade" : "prop.ungrade",
    entityType: "prop",
    entityId: prop.id,
    before: { status: prop.status, resultText: prop.resultText, gradeVersion: prop.gradeVersion },
    after: { status, resultText, gradeVersion: version, takesUpdated: Number(rewritten?.updated ?? 0) },
  });

  return {
    ...unchanged,
    changed: true,
    status,
    gradeVersion: version,
    takesUpdated: Number(rewritten?.updated ?? 0),
    payoutCents: Number(rewritten?.cents ?? 0),
    reversedCents: -Number(reversed?.cents ?? 0),
    packStatus: packChange.status,
    packBecameGraded: packChange.becameGraded,
    packLeftGraded: packChange.leftGraded,
  };
}

type PackRow = typeof packs.$inferSelect;

/**
 * Keeps the pack's status in step with its props: `graded` once none is left
 * ungraded, back to the clock's status when one is un-graded. Any grade
 * change clears stored winners, which were computed from the old results.
 */
async function settlePackStatus(
  tx: Tx,
  pack: PackRow,
  propStatus: PropStatus,
  now: Date,
  actorProfileId: string | null,
): Promise<{ status: string; becameGraded: boolean; leftGraded: boolean }> {
  const clearWinners = pack.winnersSetAt ? { winnerProfileId: null, winnerPoints: null, winnersSetAt: null } : {};
  const [open] = await queryRows<{ ungraded: number }>(
    tx,
    sql`select count(*)::int as ungraded from props where pack_id = ${pack.id} and status not in ('gradedA', 'gradedB', 'push', 'void')`,
  );
  const allGraded = isGradedStatus(propStatus) && Number(open?.ungraded ?? 0) === 0;
  const publishable = ["coming-soon", "open", "live"].includes(pack.status);

  let status = pack.status;
  if (allGraded && publishable) status = "graded";
  else if (!allGraded && pack.status === "graded") status = packStatusByClock(pack, now);
  const becameGraded = status === "graded" && pack.status !== "graded";
  const leftGraded = pack.status === "graded" && status !== "graded";

  if (status !== pack.status || pack.winnersSetAt) {
    await tx
      .update(packs)
      .set({
        status,
        gradedAt: status === "graded" ? (becameGraded ? now : pack.gradedAt) : null,
        ...clearWinners,
        updatedAt: now,
      })
      .where(eq(packs.id, pack.id));
    await recordAdminAction(tx, {
      actorProfileId,
      action: becameGraded ? "pack.graded" : leftGraded ? "pack.ungraded" : "pack.winners_cleared",
      entityType: "pack",
      entityId: pack.id,
      before: { status: pack.status, winnerProfileId: pack.winnerProfileId, winnerPoints: pack.winnerPoints },
      after: { status, winnerProfileId: pack.winnersSetAt ? null : pack.winnerProfileId },
    });
  }
  if (becameGraded) {
    await enqueueJob(tx, "notify-pack-graded", { packId: pack.id }, { uniqueKey: `notify-pack-graded:${pack.id}` });
  }
  return { status, becameGraded, leftGraded };
}
