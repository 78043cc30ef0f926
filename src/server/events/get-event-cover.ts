import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { events } from "@/server/db/schema";
import { isCoverId, readCover, writeCover } from "./cover-store";
import { renderEventCover } from "./generate-event-cover";

/**
 * The SVG of a generated cover, or null when the event has none. An instance
 * without the file re-renders it (same inputs, same picture) and keeps a copy.
 */
export async function getEventCover(input: { eventId: string }): Promise<string | null> {
  if (!isCoverId(input.eventId)) return null;
  const stored = await readCover(input.eventId);
  if (stored) return stored;
  const db = await getDb();
  const [event] = await db.select({ coverUrl: events.coverUrl }).from(events).where(eq(events.id, input.eventId)).limit(1);
  if (!event?.coverUrl?.startsWith(`/api/covers/${input.eventId}.svg`)) return null;
  const { svg } = await renderEventCover(input.eventId);
  await writeCover(input.eventId, svg);
  return svg;
}
