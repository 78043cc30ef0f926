// GET /api/live?events=a,b: the current live reading of each game, for a browser that cannot keep
// the stream (src/app/api/live/stream/route.ts) open; it asks again every half minute
// (docs/decisions/053-game-day-live.md).
import { VLiveAnswer } from "@/domain/schemas/live";
import { ZLiveQuery } from "@/domain/schemas/player-requests";
import { okThrough, readQuery, withPublic } from "@/server/http/api";
import { readLiveGames } from "@/server/live/read-live-games";

export const dynamic = "force-dynamic";

export const GET = withPublic(async ({ req }) => {
  const { events } = readQuery(req, ZLiveQuery);
  return okThrough(
    VLiveAnswer,
    { games: await readLiveGames(events), serverTime: new Date().toISOString() },
    { headers: { "cache-control": "no-store" } },
  );
});
