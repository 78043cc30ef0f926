import { adminRecordRoutes } from "@/server/http/route-kits";
import { ZDeletedAnswer, ZEventAnswer } from "@/domain/schemas/events";
import { deleteEvent } from "@/server/events/delete-event";
import { getEventOrThrow } from "@/server/events/get-event";

export const dynamic = "force-dynamic";

const event = adminRecordRoutes("eventId", "Event not found", { allow: "commissioner" });

/** GET /api/admin/events/{eventId} → {success, event}. */
export const GET = event.get(ZEventAnswer, async (eventId) => ({ event: await getEventOrThrow({ eventId }) }));

/** DELETE /api/admin/events/{eventId} – unlinks it from packs and props, then deletes it. */
export const DELETE = event.remove(ZDeletedAnswer, (eventId, actorProfileId) => deleteEvent({ eventId, actorProfileId }));
