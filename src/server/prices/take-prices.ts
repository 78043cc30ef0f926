import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { TAKE_SIDES } from "@/domain/points";
import { priceChart, takePrices, type PriceChart, type TakePrices } from "@/domain/prices";
import type { DbOrTx } from "@/server/db/client";
import type { RowReader } from "@/server/db/rows";
import { loadPriceHistories } from "./prop-prices";

/**
 * What pricing a made take reads (the receipt and the my-picks answer): the take's and its prop's
 * columns under the aliases `t` and `pr`, and their one reader (docs/decisions/055-typed-row-edge.md).
 */
export const takePriceColumns: SQL = sql.raw(
  `t.prop_id, t.side, t.locked_value, t.created_at, pr.status as prop_status, pr.close_time as prop_close,
          pr.side_a_moneyline, pr.side_b_moneyline, pr.side_a_short, pr.side_b_short`,
);

export const takePriceFields = (r: RowReader) => ({
  prop_id: r.text("prop_id"),
  side: r.oneOf("side", TAKE_SIDES),
  locked_value: r.int("locked_value"),
  created_at: r.date("created_at"),
  prop_status: r.text("prop_status"),
  prop_close: r.dateOrNull("prop_close"),
  side_a_moneyline: r.intOrNull("side_a_moneyline"),
  side_b_moneyline: r.intOrNull("side_b_moneyline"),
  side_a_short: r.text("side_a_short"),
  side_b_short: r.text("side_b_short"),
});

/**
 * Each made take's prices (locked, now, closing, beat the close) and its prop's chart, from one
 * bounded read of the props' line histories (docs/decisions/056-price-history.md).
 */
export async function priceTakes(
  db: DbOrTx,
  pack: { closeTime: Date | null },
  rows: ReadonlyArray<ReturnType<typeof takePriceFields>>,
  now: Date,
): Promise<Array<{ prices: TakePrices; chart: PriceChart | null }>> {
  const histories = await loadPriceHistories(
    db,
    rows.map((r) => r.prop_id),
  );
  return rows.map((r) => {
    const history = histories.get(r.prop_id) ?? [];
    const prop = { status: r.prop_status, closeTime: r.prop_close, sideAMoneyline: r.side_a_moneyline, sideBMoneyline: r.side_b_moneyline };
    return {
      prices: takePrices({ take: { side: r.side, lockedValue: r.locked_value, createdAt: r.created_at }, prop, pack, history, now }),
      chart: priceChart(history, { A: r.side_a_short, B: r.side_b_short }),
    };
  });
}
