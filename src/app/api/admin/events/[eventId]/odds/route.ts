import { okThrough, withAdmin } from "@/server/http/api";
import { getEventOdds } from "@/server/events/get-event-odds";
import { uuidOrNotFound } from "@/server/events/requests";
import { ZEventOddsAnswer } from "@/domain/schemas/props";

export const dynamic = "force-dynamic";

/** GET /api/admin/events/{eventId}/odds → {success, odds} (null when ESPN quotes no moneylines). */
export const GET = withAdmin<{ eventId: string }>(async ({ params }) => {
  const eventId = uuidOrNotFound(params.eventId, "Event not found");
  return okThrough(ZEventOddsAnswer, { odds: await getEventOdds({ eventId }) });
});
