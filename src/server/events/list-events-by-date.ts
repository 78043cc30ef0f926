import "server-only";
import { and, eq, gte, lt } from "drizzle-orm";
import type { League } from "@/config";
import { nyDayBounds } from "@/domain/time";
import { getReadDb } from "@/server/db/client";
import { events } from "@/server/db/schema";
import { selectAdminEvents, type AdminEvent } from "./event-view";

/**
 * A league's events on one New York calendar day (`day` is YYYY-MM-DD): a
 * 10:20 pm ET game belongs to its ET date even though it starts the next day
 * in UTC. An NFL week is listed by calling this once per day of the week.
 */
export async function listEventsByDate(input: { day: string; league: League }): Promise<AdminEvent[]> {
  const { start, end } = nyDayBounds(input.day);
  const db = await getReadDb();
  return selectAdminEvents(db, {
    where: and(eq(events.league, input.league), gte(events.startTime, start), lt(events.startTime, end)),
  });
}
