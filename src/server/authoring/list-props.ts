import "server-only";
import { and, asc, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { PropStatus } from "@/domain/authoring";
import { nyDayBounds } from "@/domain/time";
import { getReadDb } from "@/server/db/client";
import { events, packs, props } from "@/server/db/schema";
import { escapeLike } from "@/server/events/list-admin-events";
import type { PropsPage } from "@/domain/schemas/props";
import { selectAdminProps } from "./prop-view";
import { propStatusSql } from "./prop-status-sql";
import type { PropsQuery } from "@/domain/schemas/authoring-requests";

const GRADED: PropStatus[] = ["gradedA", "gradedB", "push", "void"];

const SORTS: Record<PropsQuery["sort"], SQL[]> = {
  created_desc: [desc(props.createdAt), desc(props.id)],
  created_asc: [asc(props.createdAt), asc(props.id)],
  event_time_asc: [sql`${events.startTime} asc nulls last`, asc(props.createdAt)],
  event_time_desc: [sql`${events.startTime} desc nulls last`, asc(props.createdAt)],
  event_asc: [sql`${events.title} asc nulls last`, asc(props.shortLabel)],
  event_desc: [sql`${events.title} desc nulls last`, asc(props.shortLabel)],
  prop_asc: [asc(props.shortLabel), asc(props.id)],
  prop_desc: [desc(props.shortLabel), asc(props.id)],
};

/**
 * A page of props for admin lists (`GET /api/props`): a view (all, open,
 * toGrade = ungraded props whose game has started or whose close time passed,
 * graded) plus filters, at most 100 per page; `nextOffset` is null on the last page.
 */
export async function listProps(query: PropsQuery & { now?: Date }): Promise<PropsPage> {
  const now = query.now ?? new Date();
  const filters: SQL[] = [];
  // Filters read the status the clock gives (decision 065), as the rows show it.
  const status = propStatusSql(props, packs, now);
  if (query.view === "open") filters.push(sql`${status} = 'open'`);
  if (query.view === "graded") filters.push(inArray(props.status, GRADED));
  if (query.view === "toGrade") {
    filters.push(inArray(props.status, ["open", "closed"]));
    filters.push(or(lte(events.startTime, now), lte(props.closeTime, now))!);
  }
  if (query.status.length) filters.push(inArray(status, query.status));
  if (query.league) filters.push(eq(packs.league, query.league));
  if (query.packId) filters.push(eq(props.packId, query.packId));
  if (query.q?.trim()) {
    const pattern = `%${escapeLike(query.q.trim())}%`;
    filters.push(
      or(ilike(props.shortLabel, pattern), ilike(props.title, pattern), ilike(props.summary, pattern), ilike(events.title, pattern))!,
    );
  }
  if (query.eventDay) {
    const { start, end } = nyDayBounds(query.eventDay);
    filters.push(gte(events.startTime, start), lt(events.startTime, end));
  }
  if (query.from) filters.push(gte(events.startTime, nyDayBounds(query.from).start));
  if (query.to) filters.push(lt(events.startTime, nyDayBounds(query.to).end));
  const db = await getReadDb();
  const rows = await selectAdminProps(db, {
    where: filters.length ? and(...filters) : undefined,
    orderBy: SORTS[query.sort],
    limit: query.limit + 1,
    offset: query.offset,
    now,
  });
  const hasMore = rows.length > query.limit;
  return { props: rows.slice(0, query.limit), nextOffset: hasMore ? query.offset + query.limit : null };
}
