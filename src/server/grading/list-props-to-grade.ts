import "server-only";
import { sql } from "drizzle-orm";
import { rowShape, selectRows } from "@/server/db/rows";
import { boxScoreUrl } from "@/domain/box-score-url";
import { keysetPage, type KeysetPage } from "@/server/http/keyset";
import type { PropToGrade } from "@/domain/schemas/grading";
import { propQueueOrder, queueContext, type GradingQueueOptions } from "./queue-cursor";

export const PROPS_TO_GRADE_PAGE = 100;

/**
 * Ungraded props of published packs that are ready to grade: closed (their
 * own or their pack's close time has passed) and their game no longer
 * scheduled or in progress. Soonest games first (props without a game last),
 * then their pack's close (packs without one last), their place in the pack,
 * and id; a page at a time after `cursor` (keyset by those four,
 * src/server/http/keyset.ts, docs/decisions/024-season-scale.md).
 */
export async function listPropsToGrade(options: GradingQueueOptions = {}): Promise<KeysetPage<PropToGrade>> {
  const { db, now, limit } = await queueContext(options, PROPS_TO_GRADE_PAGE);
  const rows = await selectRows(
    db,
    sql`
      select pr.id, pr.title, p.pack_url, p.title as pack_title, e.title as event_title, e.start_time, e.league, e.espn_event_id,
             ${propQueueOrder.keys}, pr.position
      from props pr
      join packs p on p.id = pr.pack_id
      left join events e on e.id = pr.event_id
      where pr.status in ('open', 'closed')
        and p.status in ('coming-soon', 'open', 'live', 'graded')
        and least(pr.close_time, p.close_time) <= ${now}
        and (e.id is null or e.status not in ('scheduled', 'in_progress'))
        ${propQueueOrder.seek(options.cursor)}
      ${propQueueOrder.orderBy}
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
  const page = keysetPage(rows, limit, propQueueOrder.cursorOf);
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
