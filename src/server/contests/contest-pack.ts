import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import type { ListedPack } from "@/domain/views";

/** The chip of a pack from its status and the clock (docs/PRODUCT.md §2: the effective state needs no job). */
export function packChip(row: { status: string; openTime: Date | null; closeTime: Date | null }, now: Date): ListedPack["chip"] {
  if (row.status === "graded") return "Graded";
  if (row.status === "live") return "Live";
  if (row.status === "coming-soon" || row.status === "open") {
    if (row.closeTime && now >= row.closeTime) return "Closed";
    if (row.openTime && now < row.openTime) return "Coming soon";
    return row.status === "coming-soon" && !row.openTime ? "Coming soon" : "Active";
  }
  return "Closed";
}

/** Pack cards a contest or series page shows at first, and at most (`?show=`, docs/decisions/024-season-scale.md). */
export const LISTED_PACKS_PAGE = 12;
export const LISTED_PACKS_MAX = 480;

/** How the contest and series pages order their packs within each part (current, then past). */
export type ListedPackOrder = "contest" | "series";

/** A page of a contest's or series' packs, and how many it has in all. */
export interface ListedPackPage {
  packs: ListedPack[];
  /** Every public pack of the contest or series, counted in SQL. */
  total: number;
}

/** An ungraded pack that closed longer ago than this is past, not current (docs/decisions/020-feed-window.md). */
const CURRENT_WINDOW_DAYS = 7;

/**
 * The first `limit` public packs (never draft or archived) yielded by
 * `membership`, a query returning `pack_id, position`, with their counts and
 * first event time, and the number of such packs.
 *
 * Bounded by what the page shows (docs/decisions/024-season-scale.md): a
 * season-long contest or series holds hundreds of packs. Its current packs
 * (coming soon, open, live: what a fan can still act on or is waiting for,
 * unless it closed more than a week ago and was never graded, as on the feed,
 * docs/decisions/020-feed-window.md) are few, come first and are always all
 * listed, even past `limit`; only the long tail of past packs is cut, in SQL,
 * to fill the page. Within each part the page's own order holds:
 * - contest: open (accepting takes) first, then soonest first game (else
 *   close), then title;
 * - series: the series' position, then close time;
 * with the id as the last tiebreak, so growing `limit` only appends packs.
 * The per-pack counts are read for the listed packs only.
 */
export async function readListedPackPage(
  db: DbOrTx,
  options: { membership: SQL; order: ListedPackOrder; limit: number; now: Date },
): Promise<ListedPackPage> {
  const now = options.now.toISOString();
  const since = new Date(options.now.getTime() - CURRENT_WINDOW_DAYS * 86_400_000).toISOString();
  const limit = Math.max(1, Math.floor(options.limit));
  // packChip's "Active" in SQL: taking takes now (coming soon without an open time is not).
  const active = sql`(l.status = 'open' or (l.status = 'coming-soon' and l.open_time is not null))
      and (l.open_time is null or l.open_time <= ${now}::timestamptz)
      and (l.close_time is null or l.close_time > ${now}::timestamptz)`;
  const order =
    options.order === "contest"
      ? sql`(${active}) desc, coalesce(l.first_event_time, l.close_time) asc nulls last, l.title asc, l.id asc`
      : sql`l.position asc, l.close_time asc nulls first, l.id asc`;
  const rows = await selectRows(
    db,
    sql`
      with listed as materialized (
        select p.id, p.pack_url, p.title, p.league, p.summary, p.cover_url, p.prize_title, p.status,
               p.open_time, p.close_time, m.position,
               (select min(e.start_time) from pack_events pe join events e on e.id = pe.event_id where pe.pack_id = p.id) as first_event_time,
               (p.status in ('coming-soon', 'open', 'live') and (p.close_time is null or p.close_time >= ${since}::timestamptz)) as is_current
        from (${options.membership}) m
        join packs p on p.id = m.pack_id
        where p.status not in ('draft', 'archived')
      ),
      shown as (
        (select l.* from listed l where l.is_current)
        union all
        (select l.* from listed l where not l.is_current
         order by ${order}
         limit greatest(${limit}::int - (select count(*) from listed where is_current)::int, 0))
      )
      select l.*,
             (select count(*) from props pr where pr.pack_id = l.id)::int as props_count,
             (select count(*) from takes t where t.pack_id = l.id and t.is_current)::int as take_count,
             (select count(*) from listed)::int as total
      from shown l
      order by l.is_current desc, ${order}
    `,
    listedPackRow,
  );
  return { packs: rows.map((row) => toListedPack(row, options.now)), total: rows[0]?.total ?? 0 };
}

const listedPackRow = rowShape((r) => ({
  id: r.text("id"),
  pack_url: r.text("pack_url"),
  title: r.text("title"),
  league: r.text("league"),
  summary: r.textOrNull("summary"),
  cover_url: r.textOrNull("cover_url"),
  prize_title: r.textOrNull("prize_title"),
  status: r.text("status"),
  open_time: r.dateOrNull("open_time"),
  close_time: r.dateOrNull("close_time"),
  first_event_time: r.isoOrNull("first_event_time"),
  props_count: r.int("props_count"),
  take_count: r.int("take_count"),
  total: r.int("total"),
}));

function toListedPack(row: ReturnType<typeof listedPackRow>, now: Date): ListedPack {
  return {
    id: row.id,
    packURL: row.pack_url,
    title: row.title,
    league: row.league,
    summary: row.summary,
    coverUrl: row.cover_url,
    prizeTitle: row.prize_title,
    chip: packChip({ status: row.status, openTime: row.open_time, closeTime: row.close_time }, now),
    openTime: row.open_time?.toISOString() ?? null,
    closeTime: row.close_time?.toISOString() ?? null,
    firstEventTime: row.first_event_time,
    propsCount: row.props_count,
    takeCount: row.take_count,
  };
}
