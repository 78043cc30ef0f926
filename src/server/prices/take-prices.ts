import "server-only";
import { priceChart, takePrices, type PriceChart, type Side, type TakePrices } from "@/domain/prices";
import type { DbOrTx } from "@/server/db/client";
import { loadPriceHistories } from "./prop-prices";

export interface PricedTakeInput {
  propId: string;
  side: Side;
  lockedValue: number;
  createdAt: Date;
  prop: {
    status: string;
    closeTime: Date | null;
    sideAMoneyline: number | null;
    sideBMoneyline: number | null;
    sideAShort: string;
    sideBShort: string;
  };
}

/**
 * Each made take's prices (locked, now, closing, beat the close) and its prop's chart, from one
 * bounded read of the props' line histories (docs/decisions/056-price-history.md).
 */
export async function priceTakes(
  db: DbOrTx,
  pack: { closeTime: Date | null },
  takes: readonly PricedTakeInput[],
  now: Date,
): Promise<Array<{ prices: TakePrices; chart: PriceChart | null }>> {
  const histories = await loadPriceHistories(
    db,
    takes.map((t) => t.propId),
  );
  return takes.map((take) => {
    const history = histories.get(take.propId) ?? [];
    return {
      prices: takePrices({ take, prop: take.prop, pack, history, now }),
      chart: priceChart(history, { A: take.prop.sideAShort, B: take.prop.sideBShort }),
    };
  });
}
