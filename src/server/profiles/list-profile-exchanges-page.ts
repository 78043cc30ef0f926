import "server-only";
import { sql } from "drizzle-orm";
import type { AdminExchangeRow } from "@/domain/admin-players";
import { getReadDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { AppError } from "@/server/http/app-error";
import { decodeTimeCursor, keysetPage, type KeysetPage } from "@/server/http/keyset";

export const PROFILE_EXCHANGES_PAGE = 25;

/**
 * A player's marketplace exchanges for the admin player page (docs/SCREENS.md
 * §3.13), newest first, codes included; keyset on (created_at, id) through
 * exchanges_profile_idx (docs/decisions/024-season-scale.md).
 */
export async function listProfileExchangesPage(input: {
  profileId: string;
  cursor?: string;
  limit?: number;
}): Promise<KeysetPage<AdminExchangeRow>> {
  const limit = input.limit ?? PROFILE_EXCHANGES_PAGE;
  let after = sql``;
  if (input.cursor) {
    const decoded = decodeTimeCursor(input.cursor);
    if (!decoded) throw new AppError("BAD_REQUEST", "Invalid cursor");
    after = sql`and (e.created_at, e.id) < (${decoded.key}::timestamptz, ${decoded.id}::uuid)`;
  }
  const db = await getReadDb();
  const rows = await selectRows(
    db,
    sql`select e.id, i.name as item_name, e.tokens, c.code, e.created_at, e.created_at::text as created_at_text
        from exchanges e
        join items i on i.id = e.item_id
        left join item_codes c on c.id = e.item_code_id
        where e.profile_id = ${input.profileId} ${after}
        order by e.created_at desc, e.id desc
        limit ${limit + 1}`,
    rowShape((r) => ({
      id: r.text("id"),
      item_name: r.text("item_name"),
      tokens: r.int("tokens"),
      code: r.textOrNull("code"),
      created_at: r.date("created_at"),
      created_at_text: r.text("created_at_text"),
    })),
  );
  const page = keysetPage(rows, limit, (row) => ({ key: row.created_at_text, id: row.id }));
  return {
    nextCursor: page.nextCursor,
    items: page.items.map((row) => ({
      id: row.id,
      itemName: row.item_name,
      tokens: Number(row.tokens),
      code: row.code,
      createdAt: new Date(row.created_at).toISOString(),
    })),
  };
}
