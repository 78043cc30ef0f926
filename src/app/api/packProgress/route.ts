import { z } from "zod";
import { okThrough, readQuery, withSession } from "@/server/http/api";
import { VPackProgressAnswer } from "@/domain/schemas/play";
import { countViewerProgress, PROGRESS_PACKS_MAX } from "@/server/packs/count-viewer-progress";
import { idSchema } from "@/domain/ids";

export const dynamic = "force-dynamic";

const ZQuery = z.object({
  ids: z
    .string({ message: "Missing ids" })
    .trim()
    .min(1, "Missing ids")
    .transform((value) => [...new Set(value.split(","))])
    .pipe(z.array(idSchema("ids must be pack ids")).max(PROGRESS_PACKS_MAX, `At most ${PROGRESS_PACKS_MAX} packs`)),
});

/** GET /api/packProgress?ids=a,b – the signed-in player's props taken per pack → {progress: {packId: n}} (packs without takes left out). */
export const GET = withSession(async ({ req, session }) => {
  const { ids } = readQuery(req, ZQuery);
  return okThrough(VPackProgressAnswer, { progress: await countViewerProgress(session.profileId, ids) });
});
