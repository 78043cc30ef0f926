import "server-only";
import { AI_PLAYER_ID } from "@/domain/ai-player";
import { and, eq } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@/server/db/client";
import { packs, profiles, props, receipts, takeFixes, takes } from "@/server/db/schema";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { appendLedgerEntry, lockProfileLedger } from "@/server/ledger/append-ledger-entry";
import { queueText } from "@/server/notifications/queue-text";
import { settleWinners } from "@/server/grading/grade-prop";
import { AppError } from "@/server/http/app-error";
import { serverEnv } from "@/env";
import { PRODUCT_NAME } from "@/config";
import { isGradedStatus, takePayout } from "@/domain/grading";
import { newReceiptId } from "./submit-takes";
import type { PickFixAnswer, PickFixSideView } from "@/domain/schemas/pick-fixes";

export const PICK_FIX_TEXT = "pick_fix";

export interface FixPickInput {
  profileId: string;
  propId: string;
  /** The pick after the fix; null removes it. */
  side: "A" | "B" | null;
  reason: string;
  idempotencyKey: string;
  actorProfileId: string;
  /** Answer the effect without writing anything (the dialog's confirmation). */
  preview?: boolean;
  now?: Date;
  db?: Db;
}

type PropRow = typeof props.$inferSelect;
type TakeRow = typeof takes.$inferSelect;

const sideWords = (prop: PropRow, side: "A" | "B" | null) => (side === null ? "No pick" : side === "A" ? prop.sideAShort : prop.sideBShort);
const diamonds = (cents: number) => (cents / 100).toLocaleString("en-US", { maximumFractionDigits: 2 });

/**
 * The commissioner adds, switches or removes one player's pick on one prop,
 * with a reason (docs/decisions/061-pick-fixes.md). One transaction, locking
 * the pack and the prop as grading does (so a fix and a grade of the same pack
 * queue one behind the other) and then the player's ledger. The old take is
 * kept as history (no longer current, scoring nothing); the new one locks its
 * side's value now. On a graded prop the fix settles that one take at once:
 * the old take's payout is reversed and the new one's paid, with ledger keys
 * of the prop's grade version and the take (`reversal:{prop}:v{n}:fix:{take}`,
 * `payout:…`), so a later re-grade reverses and pays it like any other take.
 * The fix gets its own receipt (the picks as they stand after it), a text to
 * the player (the outbox skips a player who sent STOP) and an audit entry with
 * before and after. The admin's idempotency key is stored with the fix: the
 * same key again answers that fix and changes nothing; a key used for another
 * fix is refused. Boards and take counts follow through the takes triggers'
 * queue, as for a submission.
 */
export async function fixPick(input: FixPickInput): Promise<PickFixAnswer> {
  const db = input.db ?? (await getDb());
  const now = input.now ?? new Date();
  return db.transaction((tx) => fixInTransaction(tx, input, now));
}

async function fixInTransaction(tx: Tx, input: FixPickInput, now: Date): Promise<PickFixAnswer> {
  // Pack, then prop, then the player's ledger: the order of grading (grade-prop.ts) and of submissions (takes_submit).
  const [target] = await tx.select({ packId: props.packId }).from(props).where(eq(props.id, input.propId)).limit(1);
  if (!target) throw new AppError("NOT_FOUND", "Prop not found.");
  const [pack] = await tx.select().from(packs).where(eq(packs.id, target.packId)).for("no key update");
  const [prop] = await tx.select().from(props).where(eq(props.id, input.propId)).for("no key update");
  if (!pack || !prop) throw new AppError("NOT_FOUND", "Prop not found.");
  if (pack.status === "draft") throw new AppError("CONFLICT", "This pack is a draft: nobody has picked on it yet.");

  const [player] = await tx
    .select({ id: profiles.id, handle: profiles.handle, phone: profiles.phone, deletedAt: profiles.deletedAt })
    .from(profiles)
    .where(eq(profiles.id, input.profileId))
    .limit(1);
  if (!player) throw new AppError("NOT_FOUND", "Player not found.");
  if (player.deletedAt) throw new AppError("CONFLICT", "This player deleted their account: their picks cannot be changed.");
  // The AI player's picks are the preview writer's own; a fix would pay it like a person (decision 069).
  if (player.id === AI_PLAYER_ID) throw new AppError("CONFLICT", "The AI player's picks are its own: they cannot be fixed.");
  await lockProfileLedger(tx, player.id);

  const [earlier] = await tx.select().from(takeFixes).where(eq(takeFixes.idempotencyKey, input.idempotencyKey)).limit(1);
  if (earlier) {
    if (earlier.profileId !== player.id || earlier.propId !== prop.id || earlier.afterSide !== input.side) {
      throw new AppError("CONFLICT", "This idempotency key was used for another fix.");
    }
    return {
      applied: false,
      replay: true,
      action: actionOf(earlier.beforeSide, earlier.afterSide),
      propLabel: prop.shortLabel,
      packTitle: pack.title,
      graded: isGradedStatus(prop.status),
      before: view(prop, earlier.beforeSide as "A" | "B" | null, earlier.pointsBefore, earlier.tokensBeforeCents),
      after: view(prop, earlier.afterSide as "A" | "B" | null, earlier.pointsAfter, earlier.tokensAfterCents),
      receiptId: earlier.receiptId,
      packURL: pack.packUrl,
      texted: false,
    };
  }

  const [current] = await tx
    .select()
    .from(takes)
    .where(and(eq(takes.profileId, player.id), eq(takes.propId, prop.id), eq(takes.isCurrent, true)))
    .for("update");
  if (input.side === null && !current) throw new AppError("CONFLICT", `@${player.handle} has no pick on this prop to remove.`);
  if (current && current.side === input.side) {
    throw new AppError("BAD_REQUEST", `@${player.handle} already has ${sideWords(prop, input.side)} on this prop.`);
  }

  const lockedValue = input.side === "A" ? prop.sideAValue : prop.sideBValue;
  const payout = input.side ? takePayout(prop.status, input.side, lockedValue) : null;
  const before = view(prop, (current?.side as "A" | "B" | undefined) ?? null, current?.points ?? 0, current?.tokensCents ?? 0);
  const after = view(prop, input.side, payout?.points ?? 0, payout?.tokensCents ?? 0);
  const answer: PickFixAnswer = {
    applied: false,
    replay: false,
    action: actionOf(before.side, after.side),
    propLabel: prop.shortLabel,
    packTitle: pack.title,
    graded: isGradedStatus(prop.status),
    before,
    after,
    receiptId: null,
    packURL: pack.packUrl,
    texted: false,
  };
  if (input.preview) return answer;

  const receiptId = newReceiptId();
  // A space no player's key can hold (src/domain/schemas/player-requests.ts: printable ASCII without it): never a submission's key.
  const receiptKey = `pick fix ${input.idempotencyKey}`;
  await tx.insert(receipts).values({ id: receiptId, profileId: player.id, packId: pack.id, idempotencyKey: receiptKey, createdAt: now });
  const ledgerReason = `Pick fixed by the commissioner: ${pack.title}: ${prop.shortLabel}`;
  if (current) await retire(tx, { current, prop, now, reason: ledgerReason });
  let afterTakeId: string | null = null;
  if (input.side && payout) {
    const [created] = await tx
      .insert(takes)
      .values({
        profileId: player.id,
        propId: prop.id,
        packId: pack.id,
        receiptId,
        side: input.side,
        lockedValue,
        result: payout.result,
        points: payout.points,
        tokensCents: payout.tokensCents,
        createdAt: now,
      })
      .returning({ id: takes.id });
    afterTakeId = created!.id;
    if (payout.tokensCents > 0) {
      await appendLedgerEntry(tx, {
        profileId: player.id,
        amountCents: payout.tokensCents,
        kind: "take_payout",
        businessKey: `payout:${prop.id}:v${prop.gradeVersion}:fix:${afterTakeId}`,
        reason: ledgerReason,
      });
    }
  }
  const reason = input.reason.trim();
  const [fix] = await tx
    .insert(takeFixes)
    .values({
      profileId: player.id,
      packId: pack.id,
      propId: prop.id,
      receiptId,
      beforeTakeId: current?.id ?? null,
      afterTakeId,
      beforeSide: before.side,
      afterSide: after.side,
      pointsBefore: before.points,
      pointsAfter: after.points,
      tokensBeforeCents: before.tokensCents,
      tokensAfterCents: after.tokensCents,
      reason,
      actorProfileId: input.actorProfileId,
      idempotencyKey: input.idempotencyKey,
      createdAt: now,
    })
    .returning({ id: takeFixes.id });

  // Winners computed from the old pick are re-run on a fully graded pack (decision 039's rule).
  if (pack.winnersSetAt && pack.status === "graded" && before.points !== after.points) {
    await settleWinners(tx, pack, true, now, input.actorProfileId);
  }
  await recordAdminAction(tx, {
    actorProfileId: input.actorProfileId,
    action: "profile.pick_fix",
    entityType: "profile",
    entityId: player.id,
    before: { pick: before.words, points: before.points, diamonds: diamonds(before.tokensCents) },
    after: {
      pick: after.words,
      points: after.points,
      diamonds: diamonds(after.tokensCents),
      prop: `${pack.title}: ${prop.shortLabel}`,
      reason,
    },
  });

  let texted = false;
  if (player.phone) {
    const siteUrl = serverEnv().NEXTAUTH_URL.replace(/\/$/, "");
    const pointsWords = answer.graded ? ` Your points from it: ${before.points} → ${after.points}.` : "";
    const queued = await queueText({
      db: tx,
      to: player.phone,
      kind: PICK_FIX_TEXT,
      profileId: player.id,
      dedupeKey: `${PICK_FIX_TEXT}:${fix!.id}`,
      body:
        `${PRODUCT_NAME}: The commissioner changed your pick on "${prop.shortLabel}" in ${pack.title}: ` +
        `${before.words} → ${after.words}. Reason: ${reason.replace(/[.!?]+$/, "")}.${pointsWords} See your receipt: ${siteUrl}/packs/${pack.packUrl}/${receiptId}`,
    });
    texted = queued.queued;
  }
  return { ...answer, applied: true, receiptId, texted };
}

/** The current take becomes history and scores nothing; its payout, if any, is reversed under the prop's grade version. */
async function retire(tx: Tx, options: { current: TakeRow; prop: PropRow; now: Date; reason: string }) {
  const { current, prop, now, reason } = options;
  await tx
    .update(takes)
    .set({ isCurrent: false, overwrittenAt: now, result: "pending", points: 0, tokensCents: 0 })
    .where(eq(takes.id, current.id));
  if (current.tokensCents > 0) {
    await appendLedgerEntry(tx, {
      profileId: current.profileId,
      amountCents: -current.tokensCents,
      kind: "take_payout_reversal",
      businessKey: `reversal:${prop.id}:v${prop.gradeVersion}:fix:${current.id}`,
      reason,
    });
  }
}

function view(prop: PropRow, side: "A" | "B" | null, points: number, tokensCents: number): PickFixSideView {
  return { side, words: sideWords(prop, side), points, tokensCents };
}

function actionOf(before: string | null, after: string | null): PickFixAnswer["action"] {
  return before === null ? "add" : after === null ? "remove" : "change";
}
