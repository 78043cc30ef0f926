import { okThrough, readQuery, withAdmin } from "@/server/http/api";
import { listEventLeagues } from "@/server/events/list-event-leagues";
import { ZEventLeaguesAnswer, ZEventLeaguesQuery } from "@/domain/schemas/events";

export const dynamic = "force-dynamic";

/** GET /api/admin/eventLeagues[?season=2025] – leagues, and with a season its NFL week ranges. */
export const GET = withAdmin(
  async ({ req }) => {
    const { season } = readQuery(req, ZEventLeaguesQuery);
    return okThrough(ZEventLeaguesAnswer, await listEventLeagues({ season }));
  },
  { allow: "commissioner" },
);
