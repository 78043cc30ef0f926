import { okThrough, readQuery, withOptionalSession } from "@/server/http/api";
import { VPackUserTakesAnswer } from "@/domain/schemas/play";
import { ZPackUserTakesQuery } from "@/domain/schemas/player-requests";
import { listPlayerPackTakes } from "@/server/takes/list-player-pack-takes";

export const dynamic = "force-dynamic";

/** GET /api/packs/{packURL}/userTakes?profileID – a player's takes on a pack: the owner's before close, anyone's after. */
export const GET = withOptionalSession<{ packURL: string }>(async ({ req, params, session }) => {
  const { profileID } = readQuery(req, ZPackUserTakesQuery);
  const { handle, items } = await listPlayerPackTakes({
    packURL: params.packURL,
    profileHandle: profileID,
    viewerProfileId: session?.profileId,
  });
  return okThrough(VPackUserTakesAnswer, { profileID: handle, items });
});
