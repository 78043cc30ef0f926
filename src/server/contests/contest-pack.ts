import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type DbOrTx } from "@/server/db/client";

/** A pack as the contest and series pages list it. */
export interface ListedPack {
  id: string;
  packURL: string;
  title: string;
  league: string;
  summary: string | null;
  coverUrl: string | null;
  prizeTitle: string | null;
  /** "Active", "Coming soon", "Closed", "Live" or "Graded" (screens.md §2.2). */
  chip: "Active" | "Coming soon" | "Closed" | "Live" | "Graded";
  openTime: string | null;
  closeTime: string | null;
  firstEventTime: string | null;
  propsCount: number;
  takeCount: number;
}

interface PackRow {
  id: string;
  pack_url: string;
  title: string;
  league: string;
  summary: string | null;
  cover_url: string | null;
  prize_title: string | null;
  status: string;
  open_time: Date | string | null;
  close_time: Date | string | null;
  first_event_time: Date | string | null;
  props_count: number;
  take_count: number;
  position: number;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The chip of a pack from its status and the clock (domain.md §2: the effective state needs no job). */
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

/**
 * The public packs (never draft or archived) yielded by `membership`, a query
 * returning `pack_id, position`, with their counts and first event time.
 */
export async function readListedPacks(db: DbOrTx, membership: SQL, now: Date): Promise<Array<ListedPack & { position: number }>> {
  const rows = await queryRows<PackRow>(
    db,
    sql`
      select p.id, p.pack_url, p.title, p.league, p.summary, p.cover_url, p.prize_title, p.status,
             p.open_time, p.close_time, m.position,
             (select min(e.start_time) from pack_events pe join events e on e.id = pe.event_id where pe.pack_id = p.id) as first_event_time,
             (select count(*) from props pr where pr.pack_id = p.id)::int as props_count,
             (select count(*) from takes t where t.pack_id = p.id and t.is_current)::int as take_count
      from (${membership}) m
      join packs p on p.id = m.pack_id
      where p.status not in ('draft', 'archived')
    `,
  );
  return rows.map((row) => {
    const openTime = row.open_time === null ? null : new Date(row.open_time);
    const closeTime = row.close_time === null ? null : new Date(row.close_time);
    return {
      id: row.id,
      packURL: row.pack_url,
      title: row.title,
      league: row.league,
      summary: row.summary,
      coverUrl: row.cover_url,
      prizeTitle: row.prize_title,
      chip: packChip({ status: row.status, openTime, closeTime }, now),
      openTime: iso(openTime),
      closeTime: iso(closeTime),
      firstEventTime: iso(row.first_event_time),
      propsCount: Number(row.props_count),
      takeCount: Number(row.take_count),
      position: Number(row.position),
    };
  });
}
