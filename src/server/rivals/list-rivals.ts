import "server-only";
import { sql } from "drizzle-orm";
import { getReadDb, type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import type { Rival } from "@/domain/rivals";
import { recordsAgainst } from "./records-against";
import { findRematchPack } from "./find-rematch-pack";

export const RIVALS_PER_PAGE = 10;
/** Pages beyond this are not offered: a rival list is for the people you play most. */
export const RIVAL_PAGES_MAX = 10;

/**
 * A page of the viewer's rivals (the "Rivals" section of /h2h): the opponents they have played
 * most head-to-heads with (accepted or settled), most first, then by handle; each with the lifetime
 * records (recordsAgainst) and the pack a rematch would be on. 10 a page, 10 pages at most.
 */
export async function listRivals(options: { viewerId: string; page?: number; now?: Date; db?: DbOrTx }) {
  const db = options.db ?? (await getReadDb());
  const page = Math.min(Math.max(1, Math.trunc(options.page ?? 1)), RIVAL_PAGES_MAX);
  const rows = await selectRows(
    db,
    sql`
      select o.id, o.handle, count(*)::int as played
      from h2h_challenges c
      join profiles o on o.id = case when c.challenger_profile_id = ${options.viewerId}::uuid then c.challenged_profile_id else c.challenger_profile_id end
      where (c.challenger_profile_id = ${options.viewerId}::uuid or c.challenged_profile_id = ${options.viewerId}::uuid)
        and c.status in ('accepted', 'settled')
      group by o.id, o.handle
      order by played desc, lower(o.handle)
      limit ${RIVALS_PER_PAGE + 1} offset ${(page - 1) * RIVALS_PER_PAGE}
    `,
    rowShape((r) => ({ id: r.text("id"), handle: r.text("handle"), played: r.int("played") })),
  );
  const shown = rows.slice(0, RIVALS_PER_PAGE);
  const records = await recordsAgainst(
    db,
    options.viewerId,
    shown.map((row) => row.id),
  );
  const rivals: Rival[] = await Promise.all(
    shown.map(async (row) => ({
      handle: row.handle,
      played: row.played,
      record: records.get(row.id)!,
      rematchPack: await findRematchPack(db, { viewerId: options.viewerId, opponentId: row.id, now: options.now }),
    })),
  );
  return { rivals, page, hasMore: rows.length > RIVALS_PER_PAGE && page < RIVAL_PAGES_MAX };
}
