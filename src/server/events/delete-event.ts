import "server-only";
import { eq } from "drizzle-orm";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { getDb } from "@/server/db/client";
import { events } from "@/server/db/schema";
import { notFound } from "@/server/http/app-error";

/**
 * Deletes an event: packs lose the link (pack_events cascade) and props keep
 * existing without an event (props.event_id is set null). Audited with the row.
 */
export async function deleteEvent(input: { eventId: string; actorProfileId: string }): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(events).where(eq(events.id, input.eventId)).for("update");
    if (!before) throw notFound("Event not found");
    await tx.delete(events).where(eq(events.id, input.eventId));
    await recordAdminAction(tx, {
      actorProfileId: input.actorProfileId,
      action: "event.delete",
      entityType: "event",
      entityId: input.eventId,
      before,
      after: null,
    });
  });
}
