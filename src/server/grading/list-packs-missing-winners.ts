import "server-only";
import { sql } from "drizzle-orm";
import { getReadDb, type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { AppError } from "@/server/http/app-error";
import { decodeTimeCursor, keysetPage, type KeysetPage } from "@/server/http/keyset";
import type { PackMissingWinners } from "@/domain/schemas/grading";

export const PACKS_MISSING_WINNERS_PAGE = 50;

/** A pack `p` graded without winners: what "Get Pack Winners" lists and the hub counts (issue 41 item 7). */
export const PACK_WITHOUT_WINNERS = sql`p.status = 'graded' and p.winners_set_at is null`;

/**
 * Graded packs whose winners have not been computed yet, most recently graded
 * first (packs without a grading time last), then by title and id; a page at a
 * time after `cursor` (src/server/http/keyset.ts,
 * docs/decisions/024-season-scale.md).
 *
 * The cursor carries the last row's grading time and id, and the title of a
 * tie is read from that pack's row: a title (120 characters, any script) does
 * not always fit a cursor of 400. Should that pack's title change between two
 * pages, the seek within its tie moves with it: rows of that tie may come
 * again (useKeysetList drops rows already shown) or be passed over; should the
 * pack be gone, its tie starts over.
 */
export async function listPacksMissingWinners(
  options: { db?: DbOrTx; cursor?: string; limit?: number } = {},
): Promise<KeysetPage<PackMissingWinners>> {
  const db = options.db ?? (await getReadDb());
  const limit = options.limit ?? PACKS_MISSING_WINNERS_PAGE;
  const after = options.cursor ? decodeTimeCursor(options.cursor) : null;
  if (options.cursor && !after) throw new AppError("BAD_REQUEST", "Invalid cursor");
  // Descending with nulls last: a pack never graded sorts as graded at '-infinity', in the order
  // and in the seek alike. The time goes down while title and id go up, so the seek is spelled out.
  const gradedKey = sql`coalesce(p.graded_at, '-infinity'::timestamptz)`;
  const rows = await selectRows(
    db,
    sql`
      select p.id, p.pack_url, p.title, ${gradedKey}::text as graded_key,
             (select count(*) from props pr where pr.pack_id = p.id)::int as props_count,
             (select coalesce(sum(c.takes), 0) from prop_take_counts c where c.pack_id = p.id)::int as take_count
      from packs p
      where ${PACK_WITHOUT_WINNERS}
        ${
          after
            ? sql`and (${gradedKey} < ${after.key}::timestamptz
                   or (${gradedKey} = ${after.key}::timestamptz
                       and (p.title, p.id) > (coalesce((select c.title from packs c where c.id = ${after.id}::uuid), ''), ${after.id}::uuid)))`
            : sql``
        }
      order by ${gradedKey} desc, p.title asc, p.id asc
      limit ${limit + 1}
    `,
    rowShape((r) => ({
      id: r.text("id"),
      pack_url: r.text("pack_url"),
      title: r.text("title"),
      props_count: r.int("props_count"),
      take_count: r.int("take_count"),
      graded_key: r.text("graded_key"),
    })),
  );
  const page = keysetPage(rows, limit, (row) => ({ key: row.graded_key, id: row.id }));
  return {
    items: page.items.map((row) => ({
      airtableId: row.id,
      packURL: row.pack_url,
      title: row.title,
      propsCount: Number(row.props_count),
      takeCount: Number(row.take_count),
    })),
    nextCursor: page.nextCursor,
  };
}
