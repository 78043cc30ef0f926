import "server-only";
import { asc, eq } from "drizzle-orm";
import { sideValue } from "@/domain/points";
import { closingPrice, espnOddsSource, hasLocked, priceChart } from "@/domain/prices";
import type { z } from "zod";
import type { ZOddsRefresh, ZPropPrice } from "@/domain/schemas/props";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { getDb, type DbOrTx } from "@/server/db/client";
import { packs, props } from "@/server/db/schema";
import { getEventOdds } from "@/server/events/get-event-odds";
import { AppError, badRequest, conflict, notFound } from "@/server/http/app-error";
import type { EspnClient } from "@/server/integrations/espn/client";
import { loadPriceHistories, recordPropPrice } from "./prop-prices";

type OddsRefresh = z.infer<typeof ZOddsRefresh>;
type PropPrice = z.infer<typeof ZPropPrice>;

const LOCKED = "This prop has locked: its closing price is on the record, so its odds can no longer be refreshed.";

/** A prop with its pack's close time, FOR UPDATE inside a transaction. */
async function readProp(db: DbOrTx, propId: string, lock: boolean) {
  const query = db
    .select({
      id: props.id,
      packId: props.packId,
      status: props.status,
      closeTime: props.closeTime,
      eventId: props.eventId,
      gradingRule: props.gradingRule,
      gradingParams: props.gradingParams,
      sideAMoneyline: props.sideAMoneyline,
      sideBMoneyline: props.sideBMoneyline,
      sideAShort: props.sideAShort,
      sideBShort: props.sideBShort,
      packCloseTime: packs.closeTime,
    })
    .from(props)
    .innerJoin(packs, eq(packs.id, props.packId))
    .where(eq(props.id, propId));
  const [row] = lock ? await query.for("update", { of: props }) : await query;
  if (!row) throw notFound("Prop not found");
  return row;
}

/** A prop's line history as the admin reads it: newest first, at most PRICE_HISTORY_LIMIT prices. */
export async function listPropPrices(input: { propId: string }): Promise<PropPrice[]> {
  return (await getPropPriceRecord(input)).prices;
}

/**
 * The prop screen's price record: the line history newest first (bounded), its chart, the
 * closing price once locked, and why "Refresh odds" cannot run (locked, no ESPN source), if so.
 */
export async function getPropPriceRecord(input: { propId: string; now?: Date }) {
  const now = input.now ?? new Date();
  const db = await getDb();
  const prop = await readProp(db, input.propId, false);
  const history = (await loadPriceHistories(db, [input.propId])).get(input.propId) ?? [];
  const pack = { closeTime: prop.packCloseTime };
  const source = espnOddsSource(prop);
  return {
    prices: history
      .map((p) => ({
        sideAMoneyline: p.sideAMoneyline,
        sideBMoneyline: p.sideBMoneyline,
        source: p.source,
        actorHandle: p.actorHandle,
        recordedAt: p.recordedAt.toISOString(),
      }))
      .reverse(),
    chart: priceChart(history, { A: prop.sideAShort, B: prop.sideBShort }),
    closing: closingPrice({ prop, pack, history, now }),
    refreshBlocked: hasLocked(prop, pack, now) ? LOCKED : "reason" in source ? source.reason : null,
  };
}

/**
 * "Refresh odds" on a prop (docs/decisions/056-price-history.md): reads its game's moneylines
 * from ESPN (getEventOdds, real HTTP) and, when they differ from the prop's, sets them and
 * appends them to the line history in one transaction; audited either way. Refused once the
 * prop has locked (409) and for a prop with no ESPN source (400, saying why).
 */
export async function refreshPropOdds(input: {
  propId: string;
  actorProfileId: string;
  espn?: EspnClient;
  now?: Date;
}): Promise<OddsRefresh> {
  const db = await getDb();
  const first = await readProp(db, input.propId, false);
  if (hasLocked(first, { closeTime: first.packCloseTime }, input.now ?? new Date())) throw conflict(LOCKED, { code: "prop_locked" });
  const source = espnOddsSource(first);
  if ("reason" in source) throw badRequest(source.reason, { code: "no_odds_source" });
  const odds = await getEventOdds({ eventId: source.eventId, espn: input.espn });
  if (!odds)
    throw new AppError("CONFLICT", "ESPN quotes no moneylines for this game right now; the prop's price is unchanged.", {
      code: "no_odds",
    });
  const home = source.homeSide;
  const sideAMoneyline = home === "A" ? odds.homeMoneyline : odds.awayMoneyline;
  const sideBMoneyline = home === "A" ? odds.awayMoneyline : odds.homeMoneyline;

  return db.transaction(async (tx) => {
    // The clock is read again after the HTTP call: a prop that locked meanwhile keeps its close.
    const before = await readProp(tx, input.propId, true);
    if (hasLocked(before, { closeTime: before.packCloseTime }, input.now ?? new Date())) throw conflict(LOCKED, { code: "prop_locked" });
    const changed = before.sideAMoneyline !== sideAMoneyline || before.sideBMoneyline !== sideBMoneyline;
    if (changed) {
      await tx
        .update(props)
        .set({
          sideAMoneyline,
          sideBMoneyline,
          sideAValue: sideValue(sideAMoneyline),
          sideBValue: sideValue(sideBMoneyline),
          updatedAt: new Date(),
        })
        .where(eq(props.id, before.id));
      await recordPropPrice(tx, {
        propId: before.id,
        sideAMoneyline,
        sideBMoneyline,
        source: "odds_refresh",
        actorProfileId: input.actorProfileId,
      });
    }
    await recordAdminAction(tx, {
      actorProfileId: input.actorProfileId,
      action: "prop.odds-refresh",
      entityType: "prop",
      entityId: before.id,
      before: { sideAMoneyline: before.sideAMoneyline, sideBMoneyline: before.sideBMoneyline },
      after: { sideAMoneyline, sideBMoneyline, provider: odds.provider, changed },
    });
    return { propId: before.id, changed, provider: odds.provider, sideAMoneyline, sideBMoneyline };
  });
}

/** Most props a pack refresh looks at (a pack holds a handful; SCREENS caps authoring well below). */
const PACK_REFRESH_LIMIT = 50;

/**
 * "Refresh odds" on a pack: the same refresh for each of its props that has an ESPN source and
 * has not locked, one after another; the others are listed with the reason they were left.
 */
export async function refreshPackOdds(input: { packId: string; actorProfileId: string; espn?: EspnClient; now?: Date }) {
  const db = await getDb();
  const [pack] = await db.select({ id: packs.id }).from(packs).where(eq(packs.id, input.packId));
  if (!pack) throw notFound("Pack not found");
  const rows = await db
    .select({ id: props.id })
    .from(props)
    .where(eq(props.packId, pack.id))
    .orderBy(asc(props.position), asc(props.createdAt))
    .limit(PACK_REFRESH_LIMIT);
  const refreshed: OddsRefresh[] = [];
  const skipped: Array<{ propId: string; reason: string }> = [];
  for (const row of rows) {
    try {
      refreshed.push(await refreshPropOdds({ ...input, propId: row.id }));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      skipped.push({ propId: row.id, reason: error.message });
    }
  }
  return { refreshed, skipped };
}
