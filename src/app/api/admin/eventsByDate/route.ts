import { okThrough, readQuery, withAdmin } from "@/server/http/api";
import { listEventsByDate } from "@/server/events/list-events-by-date";
import { ZEventsByDateAnswer, ZEventsByDateQuery } from "@/domain/schemas/events";

export const dynamic = "force-dynamic";

/** GET /api/admin/eventsByDate?date&league&tz=America/New_York – a league's events on one New York day. */
export const GET = withAdmin(
  async ({ req }) => {
    const { date, league } = readQuery(req, ZEventsByDateQuery);
    return okThrough(ZEventsByDateAnswer, { date, events: await listEventsByDate({ day: date, league }) });
  },
  { allow: "commissioner" },
);
