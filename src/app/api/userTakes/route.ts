import { z } from "zod";
import { ok, readQuery, withSession } from "@/server/http/api";
import { ZCursor } from "@/server/http/keyset";
import { listCurrentTakes } from "@/server/takes/list-current-takes";

export const dynamic = "force-dynamic";

const ZQuery = z.object({
  packURL: z.string().trim().max(80).optional(),
  cursor: ZCursor.optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

/** GET /api/userTakes?packURL&cursor&limit – a page (100 by default) of the signed-in player's current takes, newest first → {takes, nextCursor}. */
export const GET = withSession(async ({ req, session }) => {
  const { packURL, cursor, limit } = readQuery(req, ZQuery);
  const page = await listCurrentTakes({ profileId: session.profileId, packURL, cursor, limit });
  return ok({ takes: page.items, nextCursor: page.nextCursor });
});
