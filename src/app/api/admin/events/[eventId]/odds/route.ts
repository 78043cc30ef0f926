import { okThrough, withAdmin } from "@/server/http/api";
import { ZEventOddsAnswer } from "@/domain/schemas/events";
import { getEventOdds } from "@/server/events/get-event-odds";
import { idParams } from "@/server/http/route-params";

export const dynamic = "force-dynamic";

/** GET /api/admin/events/{eventId}/odds → {success, odds} (null when ESPN quotes no moneylines). */
export const GET = withAdmin(async ({ params: { eventId } }) => okThrough(ZEventOddsAnswer, { odds: await getEventOdds({ eventId }) }), {
  allow: "commissioner",
  params: idParams("eventId", "Event not found"),
});
