import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { classifyPlayerQuery, type AdminPlayerRow } from "@/domain/admin-players";
import { getReadDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { escapeLike } from "@/server/events/list-admin-events";
import { AppError } from "@/server/http/app-error";
import { decodeCursor, keysetPage, type KeysetPage } from "@/server/http/keyset";

export const PROFILE_SEARCH_PAGE = 50;

/**
 * App users for the admin players screen (docs/SCREENS.md §3.12): a handle
 * prefix (case-insensitive) or a phone, matched exactly once normalised to
 * E.164 as stored. Sorted by lower(handle) in byte order and paged by keyset
 * on it (docs/decisions/024-season-scale.md), both served by
 * profiles_handle_search_idx; a phone is one row of profiles_phone_key
 * (docs/decisions/034-players-screen.md).
 */
export async function searchProfiles(input: { q?: string; cursor?: string; limit?: number }): Promise<KeysetPage<AdminPlayerRow>> {
  const limit = input.limit ?? PROFILE_SEARCH_PAGE;
  const query = classifyPlayerQuery(input.q ?? "");
  if (query.kind === "none") return { items: [], nextCursor: null };
  const handleKey = sql`(lower(p.handle) collate "C")`;
  const filters: SQL[] = [];
  if (query.kind === "phone") filters.push(sql`p.phone = ${`+1${query.digits}`}`);
  if (query.kind === "handle") filters.push(sql`${handleKey} like ${`${escapeLike(query.prefix)}%`}`);
  if (input.cursor) {
    const after = decodeCursor(input.cursor);
    if (!after) throw new AppError("BAD_REQUEST", "Invalid cursor");
    filters.push(sql`${handleKey} > ${after.key}`);
  }
  const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  const db = await getReadDb();
  const rows = await selectRows(
    db,
    sql`select p.id, p.handle, p.phone, p.created_at, p.suspended_at,
          (select coalesce(sum(l.amount_cents), 0) from token_ledger l where l.profile_id = p.id) as balance_cents
        from profiles p
        ${where}
        order by ${handleKey}
        limit ${limit + 1}`,
    rowShape((r) => ({
      id: r.text("id"),
      handle: r.text("handle"),
      phone: r.text("phone"),
      balance_cents: r.int("balance_cents"),
      created_at: r.date("created_at"),
      suspended_at: r.dateOrNull("suspended_at"),
    })),
  );
  const page = keysetPage(rows, limit, (row) => ({ key: row.handle.toLowerCase(), id: row.id }));
  return {
    nextCursor: page.nextCursor,
    items: page.items.map((row) => ({
      id: row.id,
      handle: row.handle,
      phone: row.phone,
      balanceCents: Number(row.balance_cents),
      createdAt: new Date(row.created_at).toISOString(),
      suspendedAt: row.suspended_at ? new Date(row.suspended_at).toISOString() : null,
    })),
  };
}
