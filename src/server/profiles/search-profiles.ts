import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { classifyPlayerQuery, type AdminPlayerRow } from "@/domain/admin-players";
import { getReadDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { ADMIN_PLAYER_COLUMNS, adminPlayerFields } from "./admin-player-row";
import { escapeLike } from "@/server/events/list-admin-events";
import { AppError } from "@/server/http/app-error";
import { decodeCursor, keysetPage, type KeysetPage, type KeysetRequest } from "@/server/http/keyset";

export const PROFILE_SEARCH_PAGE = 50;
/** Handle searches this long or longer find any part of a handle; shorter ones find its start. */
const HANDLE_PART_MIN = 3;

/**
 * App users for the admin players screen (docs/SCREENS.md §3.12): any part of
 * a handle (case-insensitive; three characters or more, else its start, served
 * by profiles_handle_trgm_idx and profiles_handle_search_idx, decision 065) or
 * a phone, matched exactly once normalised to E.164 as stored. Sorted by lower(handle) in byte order and paged by keyset
 * on it (docs/decisions/024-season-scale.md), both served by
 * profiles_handle_search_idx; a phone is one row of profiles_phone_key
 * (docs/decisions/034-players-screen.md).
 */
export async function searchProfiles(input: KeysetRequest & { q?: string }): Promise<KeysetPage<AdminPlayerRow>> {
  const limit = input.limit ?? PROFILE_SEARCH_PAGE;
  const query = classifyPlayerQuery(input.q ?? "");
  if (query.kind === "none") return { items: [], nextCursor: null };
  const handleKey = sql`(lower(p.handle) collate "C")`;
  const filters: SQL[] = [];
  if (query.kind === "phone") filters.push(sql`p.phone = ${query.e164}`);
  // Three characters or more: any part of the handle, through the trigram index; fewer: the
  // start of it, through the byte-order index (two letters are in too many handles to be worth a
  // scan of them all). Decision 065.
  if (query.kind === "handle")
    filters.push(
      query.prefix.length >= HANDLE_PART_MIN
        ? sql`lower(p.handle) like ${`%${escapeLike(query.prefix)}%`}`
        : sql`${handleKey} like ${`${escapeLike(query.prefix)}%`}`,
    );
  if (input.cursor) {
    const after = decodeCursor(input.cursor);
    if (!after) throw new AppError("BAD_REQUEST", "Invalid cursor");
    filters.push(sql`${handleKey} > ${after.key}`);
  }
  const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  const db = await getReadDb();
  const rows = await selectRows(
    db,
    sql`select ${ADMIN_PLAYER_COLUMNS}
        from profiles p
        ${where}
        order by ${handleKey}
        limit ${limit + 1}`,
    rowShape(adminPlayerFields),
  );
  return keysetPage(rows, limit, (row) => ({ key: row.handle.toLowerCase(), id: row.id }));
}
