import "server-only";
import { asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { League } from "@/config";
import type { AdminPackSummary, ZAdminPack } from "@/domain/schemas/packs";
import type { DbOrTx } from "@/server/db/client";
import { events, packEvents, packs, profiles, props, propTakeCounts } from "@/server/db/schema";
import { selectAdminEvents, type AdminEvent } from "@/server/events/event-view";
import { selectAdminProps } from "./prop-view";

/** The pack answer (src/domain/schemas/packs.ts), its linked events typed as the events admin view sends them. */
export type AdminPack = Omit<z.infer<typeof ZAdminPack>, "events"> & { events: AdminEvent[] };

const creators = alias(profiles, "creator");

/** Pack rows for the admin list, with creator, event titles and counts. */
export async function selectAdminPackSummaries(
  db: DbOrTx,
  where?: SQL,
  orderBy: SQL[] = [asc(packs.createdAt)],
  options: { limit?: number; sortKey?: SQL } = {},
) {
  const rows = await db
    .select({
      pack: packs,
      // The row's sort key as the database prints it (full precision), for a keyset cursor.
      sortKey: sql<string>`(${options.sortKey ?? sql`null`})::text`,
      creatorHandle: creators.handle,
      propsCount: sql<number>`(select count(*)::int from ${props} where ${props.packId} = ${packs.id})`,
      takeCount: sql<number>`(select coalesce(sum(${propTakeCounts.takes}), 0)::int from ${propTakeCounts} where ${propTakeCounts.packId} = ${packs.id})`,
    })
    .from(packs)
    .leftJoin(creators, eq(creators.id, packs.creatorProfileId))
    .where(where)
    .orderBy(...orderBy)
    .limit(options.limit ?? 500);
  const ids = rows.map((row) => row.pack.id);
  const titles = ids.length
    ? await db
        .select({ packId: packEvents.packId, title: events.title })
        .from(packEvents)
        .innerJoin(events, eq(events.id, packEvents.eventId))
        .where(inArray(packEvents.packId, ids))
        .orderBy(asc(packEvents.position), asc(events.startTime))
    : [];
  return rows.map(({ pack, sortKey, creatorHandle, propsCount, takeCount }): AdminPackSummary & { row: typeof pack; sortKey: string } => ({
    row: pack,
    sortKey,
    id: pack.id,
    packUrl: pack.packUrl,
    title: pack.title,
    league: pack.league as League,
    status: pack.status,
    featured: pack.featured,
    isSuperProp: pack.isSuperProp,
    coverUrl: pack.coverUrl,
    openTime: pack.openTime?.toISOString() ?? null,
    closeTime: pack.closeTime?.toISOString() ?? null,
    creatorHandle,
    eventTitles: titles.filter((t) => t.packId === pack.id).map((t) => t.title),
    propsCount: Number(propsCount),
    takeCount: Number(takeCount),
    createdAt: pack.createdAt.toISOString(),
  }));
}

/** One pack with everything its edit form and details panel show; null when unknown. */
export async function loadAdminPack(db: DbOrTx, packId: string): Promise<AdminPack | null> {
  const [summary] = await selectAdminPackSummaries(db, eq(packs.id, packId));
  if (!summary) return null;
  const { row, sortKey: _sortKey, ...rest } = summary;
  const linked = await db
    .select({ eventId: packEvents.eventId })
    .from(packEvents)
    .where(eq(packEvents.packId, packId))
    .orderBy(asc(packEvents.position));
  const eventList = linked.length
    ? await selectAdminEvents(db, {
        where: inArray(
          events.id,
          linked.map((l) => l.eventId),
        ),
      })
    : [];
  const order = new Map(linked.map((l, index) => [l.eventId, index]));
  eventList.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  const winner = row.winnerProfileId
    ? (await db.select({ handle: profiles.handle }).from(profiles).where(eq(profiles.id, row.winnerProfileId)))[0]
    : undefined;
  return {
    ...rest,
    summary: row.summary,
    prizeTitle: row.prizeTitle,
    prizeImageUrl: row.prizeImageUrl,
    prizePoints: row.prizePoints,
    prizeSummary: row.prizeSummary,
    winnerHandle: winner?.handle ?? null,
    winnerPoints: row.winnerPoints,
    events: eventList,
    props: await selectAdminProps(db, { where: eq(props.packId, packId) }),
  };
}
