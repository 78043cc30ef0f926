import "server-only";
import { sql } from "drizzle-orm";
import { getReadDb, queryRows, type DbOrTx } from "@/server/db/client";

export interface PackToGrade {
  packURL: string;
  title: string;
  league: string;
  eventTime: string | null;
  ungradedProps: number;
}

/**
 * Published packs still waiting for grades whose games are over: closed, with
 * ungraded props, and no linked event still scheduled or in progress.
 */
export async function listPacksToGrade(options: { now?: Date; db?: DbOrTx } = {}): Promise<PackToGrade[]> {
  const db = options.db ?? (await getReadDb());
  const now = options.now ?? new Date();
  const rows = await queryRows<{ pack_url: string; title: string; league: string; event_time: Date | string | null; ungraded: number }>(
    db,
    sql`
      select p.pack_url, p.title, p.league,
             (select min(e.start_time) from pack_events pe join events e on e.id = pe.event_id where pe.pack_id = p.id) as event_time,
             (select count(*) from props pr where pr.pack_id = p.id and pr.status in ('open', 'closed'))::int as ungraded
      from packs p
      where p.status in ('coming-soon', 'open', 'live')
        and p.close_time is not null and p.close_time <= ${now}
        and exists (select 1 from props pr where pr.pack_id = p.id and pr.status in ('open', 'closed'))
        and not exists (
          select 1 from pack_events pe join events e on e.id = pe.event_id
          where pe.pack_id = p.id and e.status in ('scheduled', 'in_progress')
        )
      order by event_time asc nulls last, p.close_time asc
      limit 200
    `,
  );
  return rows.map((row) => ({
    packURL: row.pack_url,
    title: row.title,
    league: row.league,
    eventTime: row.event_time ? new Date(row.event_time).toISOString() : null,
    ungradedProps: Number(row.ungraded),
  }));
}
