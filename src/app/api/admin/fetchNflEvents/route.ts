import { ok, readJson, withAdmin } from "@/server/http/api";
import { fetchNflEvents } from "@/server/events/fetch-nfl-events";
import { ZFetchNflEventsRequest } from "@/server/events/requests";

export const dynamic = "force-dynamic";

/** POST /api/admin/fetchNflEvents {year, week, generateCovers} – import an NFL week from ESPN. */
export const POST = withAdmin(async ({ req, session }) => {
  const input = await readJson(req, ZFetchNflEventsRequest);
  return ok({ ...(await fetchNflEvents({ ...input, actorProfileId: session.profileId })) });
});
