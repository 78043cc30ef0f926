import "server-only";
import { sql } from "drizzle-orm";
import { type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";

export interface PackOutlook {
  /** Cover of the soonest pack still to come or open, when one exists. */
  nextPackCoverUrl: string | null;
  /** When that pack opens (coming soon) or its first game starts, if still ahead. */
  nextEventTime: string | null;
  hasUpcomingOrLive: boolean;
}

/** What a follower of a team or a series can look forward to (promo and award dialogs). */
export async function getPackOutlook(
  db: DbOrTx,
  target: { teamId?: string | null; seriesId?: string | null },
  now = new Date(),
): Promise<PackOutlook> {
  if (!target.teamId && !target.seriesId) return { nextPackCoverUrl: null, nextEventTime: null, hasUpcomingOrLive: false };
  const nowIso = now.toISOString();
  const linked = target.teamId
    ? sql`exists (select 1 from pack_events pe join events e on e.id = pe.event_id
                  where pe.pack_id = p.id and (e.home_team_id = ${target.teamId} or e.away_team_id = ${target.teamId}))`
    : sql`exists (select 1 from series_packs sp where sp.pack_id = p.id and sp.series_id = ${target.seriesId})`;
  const rows = await selectRows(
    db,
    sql`select p.cover_url, p.status,
          (extract(epoch from least(
             case when p.open_time > ${nowIso}::timestamptz then p.open_time end,
             (select min(e.start_time) from pack_events pe join events e on e.id = pe.event_id
               where pe.pack_id = p.id and e.start_time > ${nowIso}::timestamptz)
           )) * 1000)::float8 as next_ms
        from packs p
        where p.status in ('coming-soon', 'open', 'live')
          and (p.status = 'live' or p.close_time is null or p.close_time > ${nowIso}::timestamptz)
          and ${linked}
        order by (p.status = 'live'), coalesce(p.open_time, p.close_time) nulls last
        limit 20`,
    rowShape((r) => ({ cover_url: r.textOrNull("cover_url"), status: r.text("status"), next_ms: r.numOrNull("next_ms") })),
  );
  const upcoming = rows.filter((row) => row.status !== "live");
  const soonest = [...upcoming].sort((a, b) => (a.next_ms ?? Infinity) - (b.next_ms ?? Infinity))[0];
  return {
    nextPackCoverUrl: soonest?.cover_url ?? null,
    nextEventTime: soonest?.next_ms ? new Date(Number(soonest.next_ms)).toISOString() : null,
    hasUpcomingOrLive: rows.length > 0,
  };
}
