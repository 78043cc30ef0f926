import "server-only";
import { and, eq, exists, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { League } from "@/config";
import type { PackStatus } from "@/domain/authoring";
import { getReadDb } from "@/server/db/client";
import { events, packEvents, packs } from "@/server/db/schema";
import { escapeLike } from "@/server/events/list-admin-events";
import { keysetPage, timeSeek, type KeysetPage } from "@/server/http/keyset";
import type { AdminPackSummary } from "@/domain/schemas/packs";
import { selectAdminPackSummaries } from "./pack-view";

/** Each sort as a key and a direction; the id breaks ties, so the order is total and pages seek. */
const SORTS = {
  newest: { key: sql`${packs.createdAt}`, descending: true },
  oldest: { key: sql`${packs.createdAt}`, descending: false },
  // Packs without a close time sort last either way, as `nulls last` did.
  close_asc: { key: sql`coalesce(${packs.closeTime}, 'infinity'::timestamptz)`, descending: false },
  close_desc: { key: sql`coalesce(${packs.closeTime}, '-infinity'::timestamptz)`, descending: true },
} satisfies Record<string, { key: SQL; descending: boolean }>;

export const ADMIN_PACKS_PAGE = 50;

/**
 * One page of the admin packs list: by status, league and a search over
 * title, URL and event titles, in the chosen order, after `cursor`
 * (src/server/http/keyset.ts).
 */
export async function listAdminPacks(input: {
  statuses: PackStatus[];
  q?: string;
  league?: League;
  sort: keyof typeof SORTS;
  cursor?: string;
  limit?: number;
}): Promise<KeysetPage<AdminPackSummary>> {
  const sort = SORTS[input.sort];
  const limit = input.limit ?? ADMIN_PACKS_PAGE;
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
  const seek = timeSeek(input.cursor, sql`${sort.key}, ${packs.id}`, sort.descending);
  if (seek) filters.push(seek);
  const direction = sort.descending ? sql`desc` : sql`asc`;
  const db = await getReadDb();
  const rows = await selectAdminPackSummaries(
    db,
    filters.length ? and(...filters) : undefined,
    [sql`${sort.key} ${direction}`, sql`${packs.id} ${direction}`],
    {
      limit: limit + 1,
      sortKey: sort.key,
    },
  );
  const page = keysetPage(rows, limit, (row) => ({ key: row.sortKey, id: row.id }));
  return { items: page.items.map(({ row: _row, sortKey: _key, ...summary }) => summary), nextCursor: page.nextCursor };
}
