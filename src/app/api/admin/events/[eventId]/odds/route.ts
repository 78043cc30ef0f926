import { okThrough, withAdmin } from "@/server/http/api";
import { ZEventOddsAnswer } from "@/domain/schemas/events";
import { getEventOdds } from "@/server/events/get-event-odds";
import { uuidOrNotFound } from "@/server/http/route-params";

export const dynamic = "force-dynamic";

/** GET /api/admin/events/{eventId}/odds → {success, odds} (null when ESPN quotes no moneylines). */
export const GET = withAdmin<{ eventId: string }>(async ({ params }) => {
  const eventId = uuidOrNotFound(params.eventId, "Event not found");
  return okThrough(ZEventOddsAnswer, { odds: await getEventOdds({ eventId }) });
});
