import { okThrough, readQuery, withAdmin } from "@/server/http/api";
import { listAdminEvents } from "@/server/events/list-admin-events";
import { ZAdminEventsPage, ZAdminEventsQuery } from "@/domain/schemas/events";

export const dynamic = "force-dynamic";

/** GET /api/admin/events?from&to&league&q&sort&cursor&limit – a page of the admin events table with props and packs → {events, nextCursor}. */
export const GET = withAdmin(
  async ({ req }) => {
    const query = readQuery(req, ZAdminEventsQuery);
    const page = await listAdminEvents({
      fromDay: query.from,
      toDay: query.to,
      league: query.league,
      search: query.q,
      sort: query.sort,
      cursor: query.cursor,
      limit: query.limit,
    });
    return okThrough(ZAdminEventsPage, { events: page.items, nextCursor: page.nextCursor });
  },
  { allow: "commissioner" },
);
