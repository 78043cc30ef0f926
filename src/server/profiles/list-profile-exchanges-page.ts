import "server-only";
import { sql } from "drizzle-orm";
import type { AdminExchangeRow } from "@/domain/admin-players";
import { getReadDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { keysetItems, timeSeek, type KeysetPage, type KeysetRequest } from "@/server/http/keyset";

export const PROFILE_EXCHANGES_PAGE = 25;

/**
 * A player's marketplace exchanges for the admin player page (docs/SCREENS.md
 * §3.13), newest first, codes included; keyset on (created_at, id) through
 * exchanges_profile_idx (docs/decisions/024-season-scale.md).
 */
export async function listProfileExchangesPage(input: KeysetRequest & { profileId: string }): Promise<KeysetPage<AdminExchangeRow>> {
  const limit = input.limit ?? PROFILE_EXCHANGES_PAGE;
  const seek = timeSeek(input.cursor, sql`e.created_at, e.id`, true);
  const after = seek ? sql`and ${seek}` : sql``;
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
      key: r.text("created_at_text"),
      id: r.text("id"),
      item: {
        id: r.text("id"),
        itemName: r.text("item_name"),
        tokens: r.int("tokens"),
        code: r.textOrNull("code"),
        createdAt: r.iso("created_at"),
      },
    })),
  );
  return keysetItems(rows, limit);
}
