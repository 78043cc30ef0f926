import "server-only";
import { sql } from "drizzle-orm";
import type { League } from "@/config";
import type { PackOption } from "@/domain/schemas/contests";
import { getDb, queryRows } from "@/server/db/client";

export type { PackOption };

export const PACK_SEARCH_LIMIT = 50;

/**
 * Packs an admin can add to a contest (any status but archived), matching the
 * search in the title or URL, newest close first; at most 50.
 */
export async function searchContestPacks(options: { search: string; league: "all" | League }): Promise<PackOption[]> {
  const db = await getDb();
  const pattern = `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await queryRows<PackOption>(
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
  );
  return rows.map((row) => ({ ...row, propsCount: Number(row.propsCount) }));
}
