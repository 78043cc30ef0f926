import "server-only";
import { sql } from "drizzle-orm";
import type { League } from "@/config";
import type { PackOption } from "@/domain/schemas/contests";
import { getDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";

export type { PackOption };

export const PACK_SEARCH_LIMIT = 50;

/** A pack option row: id, "packURL", title, league, status and "propsCount" (an int). */
export const packOptionRow = rowShape((r): PackOption => ({
  id: r.text("id"),
  packURL: r.text("packURL"),
  title: r.text("title"),
  league: r.text("league"),
  status: r.text("status"),
  propsCount: r.int("propsCount"),
}));

/**
 * Packs an admin can add to a contest (any status but archived), matching the
 * search in the title or URL, newest close first; at most 50.
 */
export async function searchContestPacks(options: { search: string; league: "all" | League }): Promise<PackOption[]> {
  const db = await getDb();
  const pattern = `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return selectRows(
    db,
    sql`
      select p.id, p.pack_url as "packURL", p.title, p.league, p.status,
             (select count(*) from props pr where pr.pack_id = p.id)::int as "propsCount"
      from packs p
      where p.status <> 'archived'
        and (${options.search} = '' or p.title ilike ${pattern} or p.pack_url ilike ${pattern})
        and (${options.league} = 'all' or p.league = ${options.league})
      order by p.close_time desc nulls last, p.title
      limit ${PACK_SEARCH_LIMIT}
    `,
    packOptionRow,
  );
}
