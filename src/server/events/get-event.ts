import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { events } from "@/server/db/schema";
import { notFound } from "@/server/http/app-error";
import { selectAdminEvents, type AdminEvent } from "./event-view";

/** One event with its teams; NOT_FOUND when the id is unknown. */
export async function getEventOrThrow(input: { eventId: string }): Promise<AdminEvent> {
  const db = await getDb();
  const [event] = await selectAdminEvents(db, { where: eq(events.id, input.eventId), limit: 1 });
  if (!event) throw notFound("Event not found");
  return event;
}
