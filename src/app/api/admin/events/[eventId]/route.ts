import { okThrough, withAdmin } from "@/server/http/api";
import { ZDeletedAnswer, ZEventAnswer } from "@/domain/schemas/events";
import { deleteEvent } from "@/server/events/delete-event";
import { getEventOrThrow } from "@/server/events/get-event";
import { uuidOrNotFound } from "@/server/http/route-params";

export const dynamic = "force-dynamic";

/** GET /api/admin/events/{eventId} → {success, event}. */
export const GET = withAdmin<{ eventId: string }>(async ({ params }) => {
  const eventId = uuidOrNotFound(params.eventId, "Event not found");
  return okThrough(ZEventAnswer, { event: await getEventOrThrow({ eventId }) });
});

/** DELETE /api/admin/events/{eventId} – unlinks it from packs and props, then deletes it. */
export const DELETE = withAdmin<{ eventId: string }>(async ({ params, session }) => {
  const eventId = uuidOrNotFound(params.eventId, "Event not found");
  await deleteEvent({ eventId, actorProfileId: session.profileId });
  return okThrough(ZDeletedAnswer, {});
});
