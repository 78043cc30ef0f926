// GET /api/packs/{packURL}/live: the signed-in player's game day on a pack: provisional points and
// rank (never on the boards), and the rooting guide (docs/decisions/053-game-day-live.md).
import { VPackLiveAnswer } from "@/domain/schemas/live";
import { okThrough, withSession } from "@/server/http/api";
import { getPackLive } from "@/server/live/pack-live";

export const dynamic = "force-dynamic";

export const GET = withSession<{ packURL: string }>(async ({ params, session }) => {
  return okThrough(VPackLiveAnswer, await getPackLive({ packURL: params.packURL, viewerProfileId: session.profileId }), {
    headers: { "cache-control": "private, no-store" },
  });
});
