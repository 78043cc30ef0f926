import "server-only";
import { asc, eq, sql, type SQL } from "drizzle-orm";
import type { League } from "@/config";
import { propStatusAt } from "@/domain/pack-state";
import type { AdminProp } from "@/domain/schemas/props";
import type { DbOrTx } from "@/server/db/client";
import { events, packs, props, propTakeCounts } from "@/server/db/schema";

/** A prop as the admin screens and GET /api/props return it: its answer schema's type (src/domain/schemas/props.ts). */
export type { AdminProp };

const takeCounts = sql<number>`coalesce((select ${propTakeCounts.takes} from ${propTakeCounts} where ${propTakeCounts.propId} = ${props.id}), 0)`;

/** Props with their pack and event, filtered, ordered and paged by the caller. */
export async function selectAdminProps(
  db: DbOrTx,
  options: { where?: SQL; orderBy?: SQL[]; limit?: number; offset?: number; now?: Date } = {},
): Promise<AdminProp[]> {
  const now = options.now ?? new Date();
  let query = db
    .select({
      prop: props,
      pack: { id: packs.id, packUrl: packs.packUrl, title: packs.title, status: packs.status, closeTime: packs.closeTime },
      event: events,
      takeCount: takeCounts,
    })
    .from(props)
    .innerJoin(packs, eq(packs.id, props.packId))
    .leftJoin(events, eq(events.id, props.eventId))
    .where(options.where)
    .orderBy(...(options.orderBy ?? [asc(props.position), asc(props.createdAt)]))
    .$dynamic();
  if (options.limit !== undefined) query = query.limit(options.limit);
  if (options.offset !== undefined) query = query.offset(options.offset);
  const rows = await query;
  return rows.map(({ prop, pack, event, takeCount }) => {
    const eventTime = event?.startTime.toISOString() ?? null;
    const league = (event?.league ?? null) as League | null;
    // The status the clock gives it (decision 065): the list, the grading queue and the pack page agree.
    const status = propStatusAt(prop, pack, now);
    return {
      propID: prop.id,
      airtableId: prop.id,
      packId: pack.id,
      packURL: pack.packUrl,
      packTitle: pack.title,
      packStatus: pack.status,
      position: prop.position,
      propShort: prop.shortLabel,
      propTitle: prop.title,
      propSummary: prop.summary,
      propSideAShort: prop.sideAShort,
      propSideBShort: prop.sideBShort,
      sideALabel: prop.sideAShort,
      sideBLabel: prop.sideBShort,
      propSideATake: prop.sideATake,
      propSideBTake: prop.sideBTake,
      sideAMoneyline: prop.sideAMoneyline,
      sideBMoneyline: prop.sideBMoneyline,
      sideAValue: prop.sideAValue,
      sideBValue: prop.sideBValue,
      status,
      closedByClock: status !== prop.status,
      resultText: prop.resultText,
      closeTime: prop.closeTime?.toISOString() ?? null,
      gradingRule: prop.gradingRule,
      gradingParams: prop.gradingParams,
      thumbnailUrl: prop.thumbnailUrl,
      eventId: event?.id ?? null,
      eventTitle: event?.title ?? null,
      eventTime,
      eventLeague: league,
      eventStatus: event?.status ?? null,
      eventCoverUrl: event?.coverUrl ?? null,
      propEventTimeLookup: eventTime,
      propLeagueLookup: league,
      propESPNLookup: event?.espnEventId ?? null,
      propEventMatchup: event?.shortName ?? null,
      takeCount: Number(takeCount),
      createdAt: prop.createdAt.toISOString(),
    };
  });
}
