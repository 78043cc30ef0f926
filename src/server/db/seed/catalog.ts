import "server-only";
import { randomUUID } from "node:crypto";
import { isGradedStatus, takePayout } from "@/domain/grading";
import { sideValue } from "@/domain/points";
import { packEvents } from "../schema";
import { DAY, HOUR, MINUTE } from "./clock";
import type { DemoHandle } from "./identities";
import type { PackPlan } from "./pack-plans";
import { randomReceiptId } from "./random";
import type { Cast, LedgerRow, PackRow, PropRow, ReceiptRow, Row, TakeRow } from "./rows";

// The demo packs, props, takes, receipts and payouts as rows.
// Part of the demo seed (src/server/db/seed.ts, docs/TESTING.md).

export interface Catalog {
  packRows: PackRow[];
  packEventRows: Row<typeof packEvents>[];
  propRows: PropRow[];
  packIdOf(packUrl: string): string;
  propsOf(packId: string): PropRow[];
}

export function buildPacks(plans: PackPlan[], adminId: string, now: Date): Catalog {
  const packIds = new Map(plans.map((plan) => [plan.packUrl, randomUUID()]));
  const packIdOf = (packUrl: string) => {
    const id = packIds.get(packUrl);
    if (!id) throw new Error(`Unknown demo pack ${packUrl}`);
    return id;
  };
  const packRows: PackRow[] = [];
  const packEventRows: Row<typeof packEvents>[] = [];
  const propRows: PropRow[] = [];
  for (const plan of plans) {
    const id = packIdOf(plan.packUrl);
    const isGraded = plan.status === "graded" || plan.status === "archived";
    const gradedAt = isGraded ? new Date(plan.closeTime.getTime() + 4 * HOUR) : null;
    const alreadyOpened = plan.status !== "draft" && plan.openTime !== null && plan.openTime <= now;
    packRows.push({
      id,
      packUrl: plan.packUrl,
      title: plan.title,
      league: plan.league,
      status: plan.status,
      coverUrl: plan.coverUrl,
      summary: plan.summary,
      prizeTitle: plan.prize?.title ?? null,
      prizeSummary: plan.prize?.summary ?? null,
      prizePoints: plan.prize?.points ?? null,
      prizeImageUrl: plan.prize?.imageUrl ?? null,
      openTime: plan.openTime,
      closeTime: plan.closeTime,
      featured: plan.featured,
      creatorProfileId: adminId,
      gradedAt,
      // Packs that opened in the past were announced then; without this the
      // pack-open job would text every demo subscriber on first start.
      openNotifiedAt: alreadyOpened ? plan.openTime : null,
    });
    plan.games.forEach((game, position) => packEventRows.push({ packId: id, eventId: game.id, position }));
    plan.props.forEach((prop, position) => {
      const outcome = isGraded ? prop.outcome : null;
      if (isGraded && !outcome) throw new Error(`Demo pack ${plan.packUrl} is graded but "${prop.title}" has no outcome`);
      propRows.push({
        id: randomUUID(),
        packId: id,
        eventId: prop.game?.id ?? null,
        position,
        shortLabel: prop.shortLabel,
        title: prop.title,
        summary: prop.summary,
        sideAShort: prop.sideA.short,
        sideBShort: prop.sideB.short,
        sideATake: prop.sideA.take,
        sideBTake: prop.sideB.take,
        sideAMoneyline: prop.sideA.moneyline,
        sideBMoneyline: prop.sideB.moneyline,
        sideAValue: sideValue(prop.sideA.moneyline),
        sideBValue: sideValue(prop.sideB.moneyline),
        closeTime: prop.game?.startTime ?? plan.closeTime,
        // A live pack's games have started, so its props no longer take picks.
        status: outcome?.status ?? (plan.status === "live" ? "closed" : "open"),
        resultText: outcome?.resultText ?? null,
        gradingRule: prop.gradingRule,
        gradingParams: prop.gradingParams,
        gradedAt,
      });
    });
  }
  return {
    packRows,
    packEventRows,
    propRows,
    packIdOf,
    propsOf: (packId) => propRows.filter((prop) => prop.packId === packId),
  };
}

/** One receipt per submission and one take per picked prop; a later pick on a prop overwrites the earlier take. */
export function buildSubmissions(
  plans: PackPlan[],
  catalog: Catalog,
  cast: Cast,
  now: Date,
): { receiptRows: ReceiptRow[]; takeRows: TakeRow[] } {
  const receiptRows: ReceiptRow[] = [];
  const takeRows: TakeRow[] = [];
  const currentTake = new Map<string, TakeRow>();
  const submit = (plan: PackPlan, handle: DemoHandle, picks: string, submittedAt: Date) => {
    const packId = catalog.packIdOf(plan.packUrl);
    const packProps = catalog.propsOf(packId);
    if (picks.length !== packProps.length || !/^[AB-]+$/.test(picks)) {
      throw new Error(`Demo picks "${picks}" for ${plan.packUrl} must give A, B or - for each of ${packProps.length} props`);
    }
    const profileId = cast.playerId[handle];
    const receiptId = randomReceiptId();
    receiptRows.push({ id: receiptId, profileId, packId, idempotencyKey: randomUUID(), createdAt: submittedAt });
    packProps.forEach((prop, position) => {
      const side = picks[position];
      if (side !== "A" && side !== "B") return;
      const key = `${profileId}:${prop.id}`;
      const previous = currentTake.get(key);
      if (previous) {
        previous.isCurrent = false;
        previous.overwrittenAt = submittedAt;
      }
      const take: TakeRow = {
        id: randomUUID(),
        profileId,
        propId: prop.id,
        packId,
        receiptId,
        side,
        lockedValue: side === "A" ? prop.sideAValue : prop.sideBValue,
        isCurrent: true,
        result: "pending",
        createdAt: submittedAt,
      };
      takeRows.push(take);
      currentTake.set(key, take);
    });
  };
  for (const plan of plans) {
    // Submissions come a while before the pack closed (or before now, for packs still open).
    const lastChance = Math.min(now.getTime(), plan.closeTime.getTime());
    const earlier = Object.entries(plan.earlierPicks) as Array<[DemoHandle, string]>;
    earlier.forEach(([handle, picks], order) =>
      submit(plan, handle, picks, new Date(lastChance - DAY - (earlier.length - order) * 45 * MINUTE)),
    );
    const final = Object.entries(plan.picks) as Array<[DemoHandle, string]>;
    final.forEach(([handle, picks], order) => submit(plan, handle, picks, new Date(lastChance - (final.length - order) * 45 * MINUTE)));
  }
  return { receiptRows, takeRows };
}

/** Scores current takes on graded props by grading's own rule (takePayout, src/domain/grading.ts) and returns their payout ledger rows. */
export function gradeTakes(takeRows: TakeRow[], catalog: Catalog): LedgerRow[] {
  const propById = new Map(catalog.propRows.map((prop) => [prop.id, prop]));
  const packById = new Map(catalog.packRows.map((pack) => [pack.id, pack]));
  const payouts: LedgerRow[] = [];
  for (const take of takeRows) {
    const prop = propById.get(take.propId)!;
    if (!take.isCurrent || !isGradedStatus(prop.status)) continue;
    const payout = takePayout(prop.status, take.side, take.lockedValue);
    take.result = payout.result;
    take.points = payout.points;
    take.tokensCents = payout.tokensCents;
    if (take.tokensCents > 0) {
      payouts.push({
        profileId: take.profileId,
        amountCents: take.tokensCents,
        kind: "take_payout",
        businessKey: `payout:${prop.id}:v0:${take.id}`,
        reason: `${packById.get(take.packId)!.title}: ${prop.shortLabel}`,
        takeId: take.id,
        packId: take.packId,
        createdAt: prop.gradedAt!,
      });
    }
  }
  return payouts;
}
