import { okThrough, readQuery, withSession } from "@/server/http/api";
import { VPackProgressAnswer } from "@/domain/schemas/play";
import { ZPackProgressQuery } from "@/domain/schemas/player-requests";
import { countViewerProgress } from "@/server/packs/count-viewer-progress";

export const dynamic = "force-dynamic";

/** GET /api/packProgress?ids=a,b – the signed-in player's props taken per pack → {progress: {packId: n}} (packs without takes left out). */
export const GET = withSession(async ({ req, session }) => {
  const { ids } = readQuery(req, ZPackProgressQuery);
  return okThrough(VPackProgressAnswer, { progress: await countViewerProgress(session.profileId, ids) });
});
