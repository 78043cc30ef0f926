import "server-only";
import { and, asc, desc, eq, gte, ilike, inArray, lt, type SQL } from "drizzle-orm";
import type { League } from "@/config";
import { nyDayBounds } from "@/domain/time";
import { getReadDb } from "@/server/db/client";
import { events, packEvents, packs, props } from "@/server/db/schema";
import { selectAdminEvents, type AdminEvent } from "./event-view";

export interface AdminEventRow extends AdminEvent {
  props: Array<{ id: string; shortLabel: string; status: string }>;
  packs: Array<{ id: string; packUrl: string; title: string; status: string }>;
}

const LIMIT = 500;

/**
 * Events for the admin events table: optional New York day range (inclusive),
 * league and title search, soonest or latest first, each with its props and packs.
 */
export async function listAdminEvents(input: {
  fromDay?: string;
  toDay?: string;
  league?: League;
  search?: string;
  sort?: "soonest" | "latest";
}): Promise<AdminEventRow[]> {
  const filters: SQL[] = [];
  if (input.fromDay) filters.push(gte(events.startTime, nyDayBounds(input.fromDay).start));
  if (input.toDay) filters.push(lt(events.startTime, nyDayBounds(input.toDay).end));
  if (input.league) filters.push(eq(events.league, input.league));
  if (input.search?.trim()) filters.push(ilike(events.title, `%${escapeLike(input.search.trim())}%`));
  const db = await getReadDb();
  const rows = await selectAdminEvents(db, {
    where: filters.length ? and(...filters) : undefined,
    orderBy: [input.sort === "latest" ? desc(events.startTime) : asc(events.startTime), asc(events.title)],
    limit: LIMIT,
  });
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [propRows, packRows] = await Promise.all([
    db
      .select({ id: props.id, eventId: props.eventId, shortLabel: props.shortLabel, status: props.status })
      .from(props)
      .where(inArray(props.eventId, ids))
      .orderBy(asc(props.position)),
    db
      .select({ id: packs.id, eventId: packEvents.eventId, packUrl: packs.packUrl, title: packs.title, status: packs.status })
      .from(packEvents)
      .innerJoin(packs, eq(packs.id, packEvents.packId))
      .where(inArray(packEvents.eventId, ids))
      .orderBy(asc(packs.title)),
  ]);
  return rows.map((row) => ({
    ...row,
    props: propRows.filter((p) => p.eventId === row.id).map(({ eventId: _e, ...p }) => p),
    packs: packRows.filter((p) => p.eventId === row.id).map(({ eventId: _e, ...p }) => p),
  }));
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

