import "server-only";
import { sql } from "drizzle-orm";
import { getReadDb, type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { boxScoreUrl } from "@/domain/box-score-url";
import { keysetPage, type KeysetPage } from "@/server/http/keyset";
import type { PropToGrade } from "@/domain/schemas/grading";
import { decodeKeysCursor } from "./queue-cursor";

export const PROPS_TO_GRADE_PAGE = 100;

/**
 * Ungraded props of published packs that are ready to grade: closed (their
 * own or their pack's close time has passed) and their game no longer
 * scheduled or in progress. Soonest games first (props without a game last),
 * then their pack's close (packs without one last), their place in the pack,
 * and id; a page at a time after `cursor` (keyset by those four,
 * src/server/http/keyset.ts, docs/decisions/024-season-scale.md).
 */
export async function listPropsToGrade(
  options: { now?: Date; db?: DbOrTx; cursor?: string; limit?: number } = {},
): Promise<KeysetPage<PropToGrade>> {
  const db = options.db ?? (await getReadDb());
  const now = options.now ?? new Date();
  const limit = options.limit ?? PROPS_TO_GRADE_PAGE;
  const after = options.cursor ? decodeKeysCursor(options.cursor, ["time", "time", "int"]) : null;
  // Nulls sort as 'infinity' (as `nulls last` did) in the order and in the seek alike, so the
  // cursor names an exact place.
  const eventKey = sql`coalesce(e.start_time, 'infinity'::timestamptz)`;
  const closeKey = sql`coalesce(p.close_time, 'infinity'::timestamptz)`;
  const rows = await selectRows(
    db,
    sql`
      select pr.id, pr.title, p.pack_url, p.title as pack_title, e.title as event_title, e.start_time, e.league, e.espn_event_id,
             ${eventKey}::text as event_key, ${closeKey}::text as close_key, pr.position
      from props pr
      join packs p on p.id = pr.pack_id
      left join events e on e.id = pr.event_id
      where pr.status in ('open', 'closed')
        and p.status in ('coming-soon', 'open', 'live', 'graded')
        and coalesce(pr.close_time, p.close_time) <= ${now}
        and (e.id is null or e.status not in ('scheduled', 'in_progress'))
        ${after ? sql`and (${eventKey}, ${closeKey}, pr.position, pr.id) > (${after.keys[0]}::timestamptz, ${after.keys[1]}::timestamptz, ${after.keys[2]}::int, ${after.id}::uuid)` : sql``}
      order by ${eventKey} asc, ${closeKey} asc, pr.position asc, pr.id asc
      limit ${limit + 1}
    `,
    rowShape((r) => ({
      id: r.text("id"),
      title: r.text("title"),
      pack_url: r.text("pack_url"),
      pack_title: r.text("pack_title"),
      event_title: r.textOrNull("event_title"),
      start_time: r.dateOrNull("start_time"),
      league: r.textOrNull("league"),
      espn_event_id: r.textOrNull("espn_event_id"),
      event_key: r.text("event_key"),
      close_key: r.text("close_key"),
      position: r.int("position"),
    })),
  );
  const page = keysetPage(rows, limit, (row) => ({
    key: JSON.stringify([row.event_key, row.close_key, String(row.position)]),
    id: row.id,
  }));
  return {
    items: page.items.map((row) => ({
      propId: row.id,
      question: row.title,
      packURL: row.pack_url,
      packTitle: row.pack_title,
      eventTitle: row.event_title,
      eventTime: row.start_time ? new Date(row.start_time).toISOString() : null,
      boxScoreUrl: boxScoreUrl(row.league, row.espn_event_id),
    })),
    nextCursor: page.nextCursor,
  };
}
