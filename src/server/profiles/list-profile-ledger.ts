import "server-only";
import { sql } from "drizzle-orm";
import type { AdminLedgerRow } from "@/domain/admin-players";
import { getReadDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { AppError } from "@/server/http/app-error";
import type { KeysetRequest } from "@/server/http/keyset";

export const PROFILE_LEDGER_PAGE = 25;

/**
 * A player's ledger for the admin player page (docs/SCREENS.md §3.13), newest
 * first, a page at a time. Keyset (docs/decisions/024-season-scale.md): the
 * cursor is the id of the last row shown, and the next page is the rows
 * before it in (created_at, id) order, read through token_ledger_profile_idx.
 */
export async function listProfileLedger(
  input: KeysetRequest & { profileId: string },
): Promise<{ items: AdminLedgerRow[]; nextCursor: string | null }> {
  const limit = input.limit ?? PROFILE_LEDGER_PAGE;
  let after = sql``;
  if (input.cursor) {
    if (!/^[1-9][0-9]{0,17}$/.test(input.cursor)) throw new AppError("BAD_REQUEST", "Invalid cursor");
    after = sql`and (l.created_at, l.id) < (select c.created_at, c.id from token_ledger c where c.id = ${input.cursor}::bigint and c.profile_id = ${input.profileId})`;
  }
  const db = await getReadDb();
  const rows = await selectRows(
    db,
    sql`select l.id, l.amount_cents, l.kind, l.reason, p.pack_url, a.handle as actor_handle, l.created_at
        from token_ledger l
        left join packs p on p.id = l.pack_id
        left join profiles a on a.id = l.actor_profile_id
        where l.profile_id = ${input.profileId} ${after}
        order by l.created_at desc, l.id desc
        limit ${limit + 1}`,
    rowShape((r) => ({
      id: r.int("id"),
      amount_cents: r.int("amount_cents"),
      kind: r.text("kind"),
      reason: r.textOrNull("reason"),
      pack_url: r.textOrNull("pack_url"),
      actor_handle: r.textOrNull("actor_handle"),
      created_at: r.date("created_at"),
    })),
  );
  const items = rows.slice(0, limit).map((row) => ({
    id: String(row.id),
    amountCents: Number(row.amount_cents),
    kind: row.kind,
    reason: row.reason,
    packURL: row.pack_url,
    actorHandle: row.actor_handle,
    createdAt: new Date(row.created_at).toISOString(),
  }));
  return { items, nextCursor: rows.length > limit ? (items.at(-1)?.id ?? null) : null };
}
