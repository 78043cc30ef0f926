import "server-only";
import { sql } from "drizzle-orm";
import type { RowReader } from "@/server/db/rows";

/**
 * A player as both admin player screens show them (the search list, docs/SCREENS.md §3.12, and
 * the player page, §3.13): the columns read from `profiles p` with the ledger's balance, and the
 * one reader of them beside (docs/decisions/055-typed-row-edge.md).
 */
export const ADMIN_PLAYER_COLUMNS = sql`p.id, p.handle, p.phone, p.created_at, p.suspended_at,
          (select coalesce(sum(l.amount_cents), 0) from token_ledger l where l.profile_id = p.id) as balance_cents`;

export const adminPlayerFields = (r: RowReader) => ({
  id: r.text("id"),
  handle: r.text("handle"),
  phone: r.textOrNull("phone"),
  balanceCents: r.int("balance_cents"),
  createdAt: r.iso("created_at"),
  suspendedAt: r.isoOrNull("suspended_at"),
});
