import { z } from "zod";
import { ok, readQuery, withSession } from "@/server/http/api";
import { listCurrentTakes } from "@/server/takes/list-current-takes";

export const dynamic = "force-dynamic";

const ZQuery = z.object({ packURL: z.string().trim().max(80).optional() });

/** GET /api/userTakes – the signed-in player's current takes (optionally of one pack). */
export const GET = withSession(async ({ req, session }) => {
  const { packURL } = readQuery(req, ZQuery);
  return ok({ takes: await listCurrentTakes({ profileId: session.profileId, packURL }) });
});
