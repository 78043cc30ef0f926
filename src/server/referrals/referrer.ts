import "server-only";
import { sql } from "drizzle-orm";
import { isHandle } from "@/domain/share";
import { type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";

/**
 * The player a `?ref=` handle names (case-insensitive): the profile that has the handle now, else
 * the one that had it before choosing a username (previous_handles, issue 39), so a link shared
 * with the first automatic handle still credits its player. Null for no such player, and for a
 * suspended or deleted one: their links pay nothing (docs/PRODUCT.md §3).
 */
export async function findReferrer(db: DbOrTx, handle: string): Promise<{ id: string; handle: string } | null> {
  if (!isHandle(handle)) return null;
  const [row] = await selectRows(
    db,
    sql`
      select id, handle from (
        select p.id, p.handle, 0 as rank from profiles p where lower(p.handle) = lower(${handle}) and p.suspended_at is null and p.deleted_at is null
        union all
        select p.id, p.handle, 1 as rank from previous_handles h join profiles p on p.id = h.profile_id
        where h.handle_key = lower(${handle}) and p.suspended_at is null and p.deleted_at is null
      ) found
      order by rank
      limit 1
    `,
    rowShape((r) => ({ id: r.text("id"), handle: r.text("handle") })),
  );
  return row ?? null;
}
