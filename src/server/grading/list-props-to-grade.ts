import "server-only";
import { sql } from "drizzle-orm";
import { getReadDb, queryRows, type DbOrTx } from "@/server/db/client";
import { boxScoreUrl } from "@/domain/box-score-url";

export interface PropToGrade {
  propId: string;
  question: string;
  packURL: string;
  packTitle: string;
  eventTitle: string | null;
  eventTime: string | null;
  boxScoreUrl: string | null;
}

/**
 * Ungraded props of published packs that are ready to grade: closed (their
 * own or their pack's close time has passed) and their game no longer
 * scheduled or in progress. Soonest games first.
 */
export async function listPropsToGrade(options: { now?: Date; db?: DbOrTx } = {}): Promise<PropToGrade[]> {
  const db = options.db ?? (await getReadDb());
  const now = options.now ?? new Date();
  const rows = await queryRows<{
    id: string;
    title: string;
    pack_url: string;
    pack_title: string;
    event_title: string | null;
    start_time: Date | string | null;
    league: string | null;
    espn_event_id: string | null;
  }>(
    db,
    sql`
      select pr.id, pr.title, p.pack_url, p.title as pack_title, e.title as event_title, e.start_time, e.league, e.espn_event_id
      from props pr
      join packs p on p.id = pr.pack_id
      left join events e on e.id = pr.event_id
      where pr.status in ('open', 'closed')
        and p.status in ('coming-soon', 'open', 'live', 'graded')
        and coalesce(pr.close_time, p.close_time) <= ${now}
        and (e.id is null or e.status not in ('scheduled', 'in_progress'))
      order by e.start_time asc nulls last, p.close_time asc, pr.position asc
      limit 500
    `,
  );
  return rows.map((row) => ({
    propId: row.id,
    question: row.title,
    packURL: row.pack_url,
    packTitle: row.pack_title,
    eventTitle: row.event_title,
    eventTime: row.start_time ? new Date(row.start_time).toISOString() : null,
    boxScoreUrl: boxScoreUrl(row.league, row.espn_event_id),
  }));
}
