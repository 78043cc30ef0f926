import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { fetchNflEvents } from "@/server/events/fetch-nfl-events";
import { ZFetchEventsAnswer, ZFetchNflEventsRequest } from "@/domain/schemas/events";

export const dynamic = "force-dynamic";

/** POST /api/admin/fetchNflEvents {year, week, generateCovers} – import an NFL week from ESPN. */
export const POST = withAdmin(
  async ({ req, session }) => {
    const input = await readJson(req, ZFetchNflEventsRequest);
    return okThrough(ZFetchEventsAnswer, await fetchNflEvents({ ...input, actorProfileId: session.profileId }));
  },
  { allow: "commissioner" },
);
