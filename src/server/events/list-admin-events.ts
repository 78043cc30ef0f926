import "server-only";
import { and, asc, desc, eq, gte, ilike, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { League } from "@/config";
import { nyDayBounds } from "@/domain/time";
import { getReadDb } from "@/server/db/client";
import { keysetPage, timeSeek, type KeysetPage } from "@/server/http/keyset";
import { events, packEvents, packs, props } from "@/server/db/schema";
import type { AdminEventRow } from "@/domain/schemas/events";
import { selectAdminEvents } from "./event-view";

export const ADMIN_EVENTS_PAGE = 50;

/**
 * A page of events for the admin events table (keyset by start time and id,
 * src/server/http/keyset.ts): optional New York day range (inclusive), league
 * and title search, soonest or latest first, each with its props and packs.
 * Event times come from ESPN or the admin's form in whole milliseconds, so the
 * ISO time is the exact sort key.
 */
export async function listAdminEvents(input: {
  fromDay?: string;
  toDay?: string;
  league?: League;
  search?: string;
  sort?: "soonest" | "latest";
  cursor?: string;
  limit?: number;
}): Promise<KeysetPage<AdminEventRow>> {
  const latest = input.sort === "latest";
  const limit = input.limit ?? ADMIN_EVENTS_PAGE;
  const filters: SQL[] = [];
  if (input.fromDay) filters.push(gte(events.startTime, nyDayBounds(input.fromDay).start));
  if (input.toDay) filters.push(lt(events.startTime, nyDayBounds(input.toDay).end));
  if (input.league) filters.push(eq(events.league, input.league));
  if (input.search?.trim()) filters.push(ilike(events.title, `%${escapeLike(input.search.trim())}%`));
  const seek = timeSeek(input.cursor, sql`${events.startTime}, ${events.id}`, latest);
  if (seek) filters.push(seek);
  const db = await getReadDb();
  const fetched = await selectAdminEvents(db, {
    where: filters.length ? and(...filters) : undefined,
    orderBy: latest ? [desc(events.startTime), desc(events.id)] : [asc(events.startTime), asc(events.id)],
    limit: limit + 1,
  });
  const page = keysetPage(fetched, limit, (row) => ({ key: row.eventTime, id: row.id }));
  const rows = page.items;
  if (rows.length === 0) return { items: [], nextCursor: null };
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
  return {
    items: rows.map((row) => ({
      ...row,
      props: propRows.filter((p) => p.eventId === row.id).map(({ eventId: _e, ...p }) => p),
      packs: packRows.filter((p) => p.eventId === row.id).map(({ eventId: _e, ...p }) => p),
    })),
    nextCursor: page.nextCursor,
  };
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
