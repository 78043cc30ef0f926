import { ok, readQuery, withAdmin } from "@/server/http/api";
import { listAdminEvents } from "@/server/events/list-admin-events";
import { ZAdminEventsQuery } from "@/server/events/requests";

export const dynamic = "force-dynamic";

/** GET /api/admin/events?from&to&league&q&sort – the admin events table with props and packs. */
export const GET = withAdmin(async ({ req }) => {
  const query = readQuery(req, ZAdminEventsQuery);
  return ok({
    events: await listAdminEvents({ fromDay: query.from, toDay: query.to, league: query.league, search: query.q, sort: query.sort }),
  });
});
