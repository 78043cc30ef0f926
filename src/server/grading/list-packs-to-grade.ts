import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { rowShape, selectRows } from "@/server/db/rows";
import { keysetPage, type KeysetPage } from "@/server/http/keyset";
import type { PackToGrade } from "@/domain/schemas/grading";
import { decodeKeysCursor, queueContext, type GradingQueueOptions } from "./queue-cursor";

export const PACKS_TO_GRADE_PAGE = 50;

/**
 * A pack `p` ready to grade at `now`: published, closed, with ungraded props, and no linked game
 * still scheduled or in progress. The hub's "packs to grade" counts this very predicate, so the
 * count is what "Grade Packs" lists (issue 41 item 7).
 */
export const packReadyToGradeSql = (now: Date): SQL => sql`p.status in ('coming-soon', 'open', 'live')
  and p.close_time is not null and p.close_time <= ${now}
  and exists (select 1 from props pr where pr.pack_id = p.id and pr.status in ('open', 'closed'))
  and not exists (
    select 1 from pack_events pe join events e on e.id = pe.event_id
    where pe.pack_id = p.id and e.status in ('scheduled', 'in_progress')
  )`;

/**
 * Published packs still waiting for grades whose games are over: closed, with
 * ungraded props, and no linked event still scheduled or in progress. Earliest
 * game first (packs without a game last), then earliest close, then id; a page
 * at a time after `cursor` (keyset by those three, src/server/http/keyset.ts):
 * a season's backlog is thousands of packs (docs/decisions/024-season-scale.md).
 */
export async function listPacksToGrade(options: GradingQueueOptions = {}): Promise<KeysetPage<PackToGrade>> {
  const { db, now, limit } = await queueContext(options, PACKS_TO_GRADE_PAGE);
  const after = options.cursor ? decodeKeysCursor(options.cursor, ["time", "time"]) : null;
  // A pack without a game sorts as if its game were at 'infinity' (as `nulls last` did), in the
  // order and in the seek alike, so the cursor names an exact place. close_time is never null here.
  const rows = await selectRows(
    db,
    sql`
      select q.id, q.pack_url, q.title, q.league, q.event_time, q.event_key::text as event_key, q.close_time::text as close_key, q.ungraded
      from (
        select p.id, p.pack_url, p.title, p.league, p.close_time, t.event_time,
               coalesce(t.event_time, 'infinity'::timestamptz) as event_key,
               (select count(*) from props pr where pr.pack_id = p.id and pr.status in ('open', 'closed'))::int as ungraded
        from packs p
        cross join lateral (
          select min(e.start_time) as event_time from pack_events pe join events e on e.id = pe.event_id where pe.pack_id = p.id
        ) t
        where ${packReadyToGradeSql(now)}
      ) q
      ${after ? sql`where (q.event_key, q.close_time, q.id) > (${after.keys[0]}::timestamptz, ${after.keys[1]}::timestamptz, ${after.id}::uuid)` : sql``}
      order by q.event_key asc, q.close_time asc, q.id asc
      limit ${limit + 1}
    `,
    rowShape((r) => ({
      id: r.text("id"),
      pack_url: r.text("pack_url"),
      title: r.text("title"),
      league: r.text("league"),
      event_time: r.dateOrNull("event_time"),
      event_key: r.text("event_key"),
      close_key: r.text("close_key"),
      ungraded: r.int("ungraded"),
    })),
  );
  const page = keysetPage(rows, limit, (row) => ({ key: JSON.stringify([row.event_key, row.close_key]), id: row.id }));
  return {
    items: page.items.map((row) => ({
      id: row.id,
      packURL: row.pack_url,
      title: row.title,
      league: row.league,
      eventTime: row.event_time ? new Date(row.event_time).toISOString() : null,
      ungradedProps: Number(row.ungraded),
    })),
    nextCursor: page.nextCursor,
  };
}
