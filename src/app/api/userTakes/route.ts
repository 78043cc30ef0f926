import { okThrough, readQuery, withSession } from "@/server/http/api";
import { VCurrentTakesPage } from "@/domain/schemas/play";
import { ZUserTakesQuery } from "@/domain/schemas/player-requests";
import { listCurrentTakes } from "@/server/takes/list-current-takes";

export const dynamic = "force-dynamic";

/** GET /api/userTakes?packURL&cursor&limit – a page (100 by default) of the signed-in player's current takes, newest first → {takes, nextCursor}. */
export const GET = withSession(async ({ req, session }) => {
  const { packURL, cursor, limit } = readQuery(req, ZUserTakesQuery);
  const page = await listCurrentTakes({ profileId: session.profileId, packURL, cursor, limit });
  return okThrough(VCurrentTakesPage, { takes: page.items, nextCursor: page.nextCursor });
});
