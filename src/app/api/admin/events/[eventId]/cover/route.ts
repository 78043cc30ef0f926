import { okThrough, withAdmin } from "@/server/http/api";
import { generateEventCover } from "@/server/events/generate-event-cover";
import { uuidOrNotFound } from "@/server/http/route-params";
import { ZEventCoverAnswer } from "@/domain/schemas/events";

export const dynamic = "force-dynamic";

/** POST /api/admin/events/{eventId}/cover – (re)generate one event's cover; the fetchEvents dialog's progress loop. */
export const POST = withAdmin<{ eventId: string }>(async ({ params, session }) => {
  const eventId = uuidOrNotFound(params.eventId, "Event not found");
  return okThrough(ZEventCoverAnswer, { coverResult: await generateEventCover({ eventId, actorProfileId: session.profileId }) });
});
