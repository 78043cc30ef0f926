import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { fetchMlbEvents } from "@/server/events/fetch-mlb-events";
import { ZFetchEventsAnswer, ZFetchMlbEventsRequest } from "@/domain/schemas/events";

export const dynamic = "force-dynamic";

/** POST /api/admin/fetchMlbEvents {date: YYYYMMDD, generateCovers} – import a day of MLB games from ESPN. */
export const POST = withAdmin(
  async ({ req, session }) => {
    const input = await readJson(req, ZFetchMlbEventsRequest);
    return okThrough(ZFetchEventsAnswer, await fetchMlbEvents({ ...input, actorProfileId: session.profileId }));
  },
  { allow: "commissioner" },
);
