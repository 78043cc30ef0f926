import "server-only";
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * The SQL twin of propStatusAt (src/domain/pack-state.ts): a prop stored `open` reads `closed`
 * from the earlier of its own close time and its pack's (`least` skips a null), every other
 * status as stored. `prop` and `pack` are the aliases (or columns' tables) of the query; the
 * same words as the TypeScript rule so lists filter exactly what the screens show
 * (docs/decisions/065-status-follows-the-clock.md).
 */
export function propStatusSql(
  prop: { status: SQLWrapper; closeTime: SQLWrapper },
  pack: { closeTime: SQLWrapper },
  now: Date,
): SQL<string> {
  return sql<string>`(case when ${prop.status} = 'open' and least(${prop.closeTime}, ${pack.closeTime}) <= ${now} then 'closed' else ${prop.status} end)`;
}
