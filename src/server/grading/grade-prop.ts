import "server-only";
import { AI_PLAYER_ID } from "@/domain/ai-player";
import { touchLiveGame } from "@/server/live/write-live-reading";
import { eq, sql } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { packs, props } from "@/server/db/schema";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { enqueueJob } from "@/server/jobs/enqueue-job";
import { AppError } from "@/server/http/app-error";
import { serverEnv } from "@/env";
import { PRODUCT_NAME } from "@/config";
import {
  isGradedStatus,
  packStatusByClock,
  propStatusByClock,
  statusForOutcome,
  type PropOutcome,
  type PropStatus,
} from "@/domain/grading";
import { currentPackWinner, standingWinner } from "./pack-winner-rule";
import { updateAudited } from "@/server/admin/update-audited";
import { CENTS_PER_POINT, statusWords, takeScoring } from "./take-scoring";
import type { GradePropResult, PackWinner, WinnersChange } from "@/domain/schemas/grading";

// The answer types live with their schemas (src/domain/schemas/grading.ts), the one truth of the API contract.
export type { GradePropResult, PackWinner, WinnersChange };

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
  const [target] = await tx.select({ packId: props.packId }).from(props).where(eq(props.id, input.propId)).limit(1);
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
    status: prop.status,
    gradeVersion: prop.gradeVersion,
    takesUpdated: 0,
    payoutCents: 0,
    reversedCents: 0,
    packStatus: pack.status,
    packBecameGraded: false,
    packLeftGraded: false,
    correctionTexts: 0,
    winners: null,
  };

  const wasGraded = isGradedStatus(prop.status);
  if (status === prop.status || (!input.outcome && !wasGraded)) {
    if (input.outcome && resultText !== prop.resultText) {
      await updateAudited(
        tx,
        { type: "prop", id: prop.id },
        { resultText, updatedAt: now },
        {
          actorProfileId: input.actorProfileId,
          action: "prop.result_text",
          before: { resultText: prop.resultText },
          after: { resultText },
        },
      );
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
  const scoring = takeScoring(status);
  // A prop graded before (any grade version) is being corrected: its players whose take's result or points change hear once, keyed by this version.
  const correctionTexts = prop.gradeVersion > 0 ? await queueCorrectionTexts(tx, { pack, prop, status, version, scoring }) : 0;
  const reason = `${pack.title}: ${prop.shortLabel}`;
  // Reverse what the takes hold now (their tokens always equal their net payout), before rewriting them.
  const [reversed] = await selectRows(
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
    rowShape((r) => ({ cents: r.int("cents") })),
  );

  const [rewritten] = await selectRows(
    tx,
    sql`
      with updated as (
        update takes t
        set result = ${scoring.result}, points = ${scoring.points},
            -- The AI player scores points like anyone but is paid no diamonds (docs/decisions/069-rivals-and-the-ai-player.md).
            tokens_cents = case when t.profile_id = ${AI_PLAYER_ID}::uuid then 0 else ${scoring.points} * ${CENTS_PER_POINT} end
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
    rowShape((r) => ({ updated: r.int("updated"), cents: r.int("cents") })),
  );

  const packChange = await settlePackStatus(tx, pack, status, now, input.actorProfileId);
  // Pages following the game live show the grade in place of "if it ended now" (docs/decisions/053-game-day-live.md).
  if (prop.eventId) await touchLiveGame(tx, prop.eventId);
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
    correctionTexts,
    winners: packChange.winners,
  };
}

/**
 * Queues one correction text per player whose current take of this prop
 * scores differently under the new status, in one statement before the takes
 * are rewritten (so "before" is what they hold now). The dedupe key carries
 * the prop's new grade version: a retry or the same grade sent again queues
 * nothing, a later real change texts again. A player who sent STOP gets a
 * `skipped` row, never a text (the outbox's rule, queue-text.ts). Returns how
 * many texts will be sent.
 */
async function queueCorrectionTexts(
  tx: Tx,
  options: { pack: PackRow; prop: typeof props.$inferSelect; status: PropStatus; version: number; scoring: ReturnType<typeof takeScoring> },
): Promise<number> {
  const { pack, prop, status, version, scoring } = options;
  const siteUrl = serverEnv().NEXTAUTH_URL.replace(/\/$/, "");
  const change = isGradedStatus(status)
    ? `was re-graded: ${statusWords(status, prop)}`
    : "had its result taken back until it is graded again";
  const lead = `${PRODUCT_NAME}: Correction for ${pack.title}. "${prop.shortLabel}" ${change}. Your points from it: `;
  const [row] = await selectRows(
    tx,
    sql`
      with changed as (
        select t.profile_id, t.points as before_points, (${scoring.points})::int as after_points
        from takes t
        where t.prop_id = ${prop.id} and t.is_current
          and (t.result <> ${scoring.result} or t.points <> ${scoring.points})
      ),
      queued as (
        insert into sms_outbox (to_phone, body, kind, profile_id, dedupe_key, status, last_error)
        select pr.phone,
               ${lead} || c.before_points || ' → ' || c.after_points || '. See your takes: ' || ${`${siteUrl}/packs/${pack.packUrl}`},
               'grade_correction', pr.id, 'grade_correction:' || ${prop.id} || ':v' || ${version}::int || ':' || pr.id,
               case when pr.sms_opt_out then 'skipped' else 'pending' end,
               case when pr.sms_opt_out then 'recipient opted out of texts' end
        from changed c
        -- A deleted account has no number, so nobody to text (decision 057).
        join profiles pr on pr.id = c.profile_id and pr.phone is not null
        on conflict (dedupe_key) do nothing
        returning status
      )
      select count(*) filter (where status = 'pending')::int as queued from queued
    `,
    rowShape((r) => ({ queued: r.int("queued") })),
  );
  return Number(row?.queued ?? 0);
}

type PackRow = typeof packs.$inferSelect;

/**
 * Keeps the pack's status in step with its props: `graded` once none is left
 * ungraded, back to the clock's status when one is un-graded. Stored winners
 * were computed from the old results: while the pack stays fully graded the
 * winner rule runs again here, in the grade's transaction; otherwise they are
 * cleared (docs/decisions/039-corrections.md).
 */
async function settlePackStatus(
  tx: Tx,
  pack: PackRow,
  propStatus: PropStatus,
  now: Date,
  actorProfileId: string | null,
): Promise<{ status: string; becameGraded: boolean; leftGraded: boolean; winners: WinnersChange | null }> {
  const [open] = await selectRows(
    tx,
    sql`select count(*)::int as ungraded from props where pack_id = ${pack.id} and status not in ('gradedA', 'gradedB', 'push', 'void')`,
    rowShape((r) => ({ ungraded: r.int("ungraded") })),
  );
  const allGraded = isGradedStatus(propStatus) && Number(open?.ungraded ?? 0) === 0;
  const publishable = ["coming-soon", "open", "live"].includes(pack.status);

  let status = pack.status;
  if (allGraded && publishable) status = "graded";
  else if (!allGraded && pack.status === "graded") status = packStatusByClock(pack, now);
  const becameGraded = status === "graded" && pack.status !== "graded";
  const leftGraded = pack.status === "graded" && status !== "graded";

  if (status !== pack.status) {
    await updateAudited(
      tx,
      { type: "pack", id: pack.id },
      { status, gradedAt: status === "graded" ? (becameGraded ? now : pack.gradedAt) : null, updatedAt: now },
      { actorProfileId, action: becameGraded ? "pack.graded" : "pack.ungraded", before: { status: pack.status }, after: { status } },
    );
  }
  const winners = pack.winnersSetAt ? await settleWinners(tx, pack, status === "graded", now, actorProfileId) : null;
  if (becameGraded) {
    await enqueueJob(tx, "notify-pack-graded", { packId: pack.id }, { uniqueKey: `notify-pack-graded:${pack.id}` });
  }
  return { status, becameGraded, leftGraded, winners };
}

const winnerWords = (winner: PackWinner | null) =>
  winner === null ? "cleared" : winner.handle ? `@${winner.handle} (${winner.points ?? 0} pts)` : "nobody played";

/** Re-runs the winner rule over the takes as just rewritten (still fully graded), or clears the winners; audited either way. A pick fix on a graded pack runs it too (src/server/takes/fix-pick.ts). */
export async function settleWinners(
  tx: Tx,
  pack: PackRow,
  fullyGraded: boolean,
  now: Date,
  actorProfileId: string | null,
): Promise<WinnersChange> {
  const before: PackWinner = await standingWinner(tx, pack);
  let after: PackWinner | null = null;
  let set: Partial<typeof packs.$inferInsert> = { winnerProfileId: null, winnerPoints: null, winnersSetAt: null, updatedAt: now };
  if (fullyGraded) {
    const winner = await currentPackWinner(tx, pack.id);
    after = { handle: winner?.handle ?? null, points: winner ? Number(winner.points) : null };
    set = { winnerProfileId: winner?.profile_id ?? null, winnerPoints: after.points, winnersSetAt: now, updatedAt: now };
  }
  await updateAudited(tx, { type: "pack", id: pack.id }, set, {
    actorProfileId,
    action: fullyGraded ? "pack.winners_rerun" : "pack.winners_cleared",
    before: { winner: winnerWords(before) },
    after: { winner: winnerWords(after) },
  });
  return { action: fullyGraded ? "rerun" : "cleared", before, after };
}
