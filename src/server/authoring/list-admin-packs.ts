import "server-only";
import { and, asc, desc, eq, exists, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { League } from "@/config";
import type { PackStatus } from "@/domain/authoring";
import { getReadDb } from "@/server/db/client";
import { events, packEvents, packs } from "@/server/db/schema";
import { escapeLike } from "@/server/events/list-admin-events";
import { selectAdminPackSummaries, type AdminPackSummary } from "./pack-view";

const SORTS = {
  newest: [desc(packs.createdAt)],
  oldest: [asc(packs.createdAt)],
  close_asc: [sql`${packs.closeTime} asc nulls last`],
  close_desc: [sql`${packs.closeTime} desc nulls last`],
} satisfies Record<string, SQL[]>;

/** Packs for the admin list: by status, league and a search over title, URL and event titles. */
export async function listAdminPacks(input: {
  statuses: PackStatus[];
  q?: string;
  league?: League;
  sort: keyof typeof SORTS;
}): Promise<AdminPackSummary[]> {
  const filters: SQL[] = [];
  if (input.statuses.length) filters.push(inArray(packs.status, input.statuses));
  if (input.league) filters.push(eq(packs.league, input.league));
  if (input.q?.trim()) {
    const pattern = `%${escapeLike(input.q.trim())}%`;
    const db = await getReadDb();
    const eventMatch = db
      .select({ one: sql`1` })
      .from(packEvents)
      .innerJoin(events, eq(events.id, packEvents.eventId))
      .where(and(eq(packEvents.packId, packs.id), ilike(events.title, pattern)));
    filters.push(or(ilike(packs.title, pattern), ilike(packs.packUrl, pattern), exists(eventMatch))!);
  }
  const db = await getReadDb();
  const rows = await selectAdminPackSummaries(db, filters.length ? and(...filters) : undefined, SORTS[input.sort]);
  return rows.map(({ row: _row, ...summary }) => summary);
}
