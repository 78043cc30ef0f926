import "server-only";
import { deleteAudited } from "@/server/admin/delete-audited";
import { events } from "@/server/db/schema";

/**
 * Deletes an event: packs lose the link (pack_events cascade) and props keep
 * existing without an event (props.event_id is set null). Audited with the row.
 */
export async function deleteEvent(input: { eventId: string; actorProfileId: string }): Promise<void> {
  await deleteAudited({
    table: events,
    kind: "event",
    id: input.eventId,
    actorProfileId: input.actorProfileId,
    notFound: "Event not found",
  });
}
