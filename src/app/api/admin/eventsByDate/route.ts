import { ok, readQuery, withAdmin } from "@/server/http/api";
import { listEventsByDate } from "@/server/events/list-events-by-date";
import { ZEventsByDateQuery } from "@/server/events/requests";

export const dynamic = "force-dynamic";

/** GET /api/admin/eventsByDate?date&league&tz=America/New_York – a league's events on one New York day. */
export const GET = withAdmin(async ({ req }) => {
  const { date, league } = readQuery(req, ZEventsByDateQuery);
  return ok({ date, events: await listEventsByDate({ day: date, league }) });
});
