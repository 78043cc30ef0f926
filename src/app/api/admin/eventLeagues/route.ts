import { ok, readQuery, withAdmin } from "@/server/http/api";
import { listEventLeagues } from "@/server/events/list-event-leagues";
import { ZEventLeaguesQuery } from "@/server/events/requests";

export const dynamic = "force-dynamic";

/** GET /api/admin/eventLeagues[?season=2025] – leagues, and with a season its NFL week ranges. */
export const GET = withAdmin(async ({ req }) => {
  const { season } = readQuery(req, ZEventLeaguesQuery);
  return ok(await listEventLeagues({ season }));
});
