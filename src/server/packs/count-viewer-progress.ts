import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { uuidList } from "@/server/db/uuid-list";

/**
 * How many props of each pack the player has a current take on: the "3 of 8
 * props completed" line of a pack card. Cards are rendered once for everyone
 * (docs/decisions/025-shared-page-cache.md); the browser asks this for the
 * cards it shows. Read from the primary: a player who just submitted sees it.
 */
export async function countViewerProgress(profileId: string, packIds: string[]): Promise<Record<string, number>> {
  if (!packIds.length) return {};
  const db = await getDb();
  const rows = await selectRows(
    db,
    sql`select t.pack_id, count(*)::int as taken
        from takes t
        where t.profile_id = ${profileId} and t.is_current
          and t.pack_id in (${uuidList(packIds)})
        group by t.pack_id`,
    rowShape((r) => ({ pack_id: r.text("pack_id"), taken: r.int("taken") })),
  );
  return Object.fromEntries(rows.map((r) => [r.pack_id, Number(r.taken)]));
}
