import { okThrough, withAdmin } from "@/server/http/api";
import { generateEventCover } from "@/server/events/generate-event-cover";
import { idParams } from "@/server/http/route-params";
import { ZEventCoverAnswer } from "@/domain/schemas/events";

export const dynamic = "force-dynamic";

/** POST /api/admin/events/{eventId}/cover – (re)generate one event's cover; the fetchEvents dialog's progress loop. */
export const POST = withAdmin(
  async ({ params: { eventId }, session }) =>
    okThrough(ZEventCoverAnswer, { coverResult: await generateEventCover({ eventId, actorProfileId: session.profileId }) }),
  { allow: "commissioner", params: idParams("eventId", "Event not found") },
);
