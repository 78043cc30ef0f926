import "server-only";
import { sql } from "drizzle-orm";
import { PRICE_HISTORY_LIMIT, PRICE_SOURCES, type PriceSource } from "@/domain/prices";
import type { DbOrTx } from "@/server/db/client";
import { propPrices } from "@/server/db/schema";
import { rowShape, selectRows } from "@/server/db/rows";
import { uuidList } from "@/server/db/uuid-list";

/**
 * Appends a price to a prop's line history; called inside the transaction of every write that
 * sets or changes the prop's moneylines, after it has locked or inserted the prop's row
 * (docs/decisions/056-price-history.md).
 */
export async function recordPropPrice(
  tx: DbOrTx,
  price: {
    propId: string;
    sideAMoneyline: number | null;
    sideBMoneyline: number | null;
    source: PriceSource;
    actorProfileId: string | null;
  },
): Promise<void> {
  // The clock at the insert, not the transaction's start: the insert follows the prop's row lock,
  // so of two writers the one that committed last has the later time and is the price in effect.
  await tx.insert(propPrices).values({ ...price, recordedAt: sql`clock_timestamp()` });
}

const priceRow = rowShape((r) => ({
  prop_id: r.text("prop_id"),
  id: r.int("id"),
  side_a_moneyline: r.intOrNull("side_a_moneyline"),
  side_b_moneyline: r.intOrNull("side_b_moneyline"),
  source: r.oneOf("source", PRICE_SOURCES),
  actor_handle: r.textOrNull("actor_handle"),
  recorded_at: r.date("recorded_at"),
}));

export interface PropPriceRow {
  id: number;
  sideAMoneyline: number | null;
  sideBMoneyline: number | null;
  source: PriceSource;
  actorHandle: string | null;
  recordedAt: Date;
}

/**
 * The newest prices (at most PRICE_HISTORY_LIMIT) of each prop asked for, oldest first per prop:
 * one index range scan per prop (prop_prices_prop_time_idx).
 */
export async function loadPriceHistories(
  db: DbOrTx,
  propIds: readonly string[],
  limit = PRICE_HISTORY_LIMIT,
): Promise<Map<string, PropPriceRow[]>> {
  const histories = new Map<string, PropPriceRow[]>(propIds.map((id) => [id, []]));
  if (propIds.length === 0) return histories;
  const ids = uuidList([...new Set(propIds)]);
  const rows = await selectRows(
    db,
    sql`select pid as prop_id, h.id, h.side_a_moneyline, h.side_b_moneyline, h.source, h.recorded_at, a.handle as actor_handle
        from unnest(array[${ids}]) as pid
        cross join lateral (
          select * from prop_prices pp where pp.prop_id = pid
          order by pp.recorded_at desc, pp.id desc limit ${Math.min(Math.max(1, limit), PRICE_HISTORY_LIMIT)}
        ) h
        left join profiles a on a.id = h.actor_profile_id
        order by pid, h.recorded_at, h.id`,
    priceRow,
  );
  for (const row of rows) {
    histories.get(row.prop_id)?.push({
      id: row.id,
      sideAMoneyline: row.side_a_moneyline,
      sideBMoneyline: row.side_b_moneyline,
      source: row.source,
      actorHandle: row.actor_handle,
      recordedAt: row.recorded_at,
    });
  }
  return histories;
}
