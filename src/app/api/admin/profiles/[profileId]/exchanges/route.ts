// GET /api/admin/profiles/{profileId}/exchanges?cursor – the player's marketplace exchanges, newest first → {exchanges, nextCursor}
import { z } from "zod";
import { okThrough, readQuery, withAdmin } from "@/server/http/api";
import { ZCursor } from "@/server/http/keyset";
import { listProfileExchangesPage } from "@/server/profiles/list-profile-exchanges-page";
import { ZPlayerExchangesPage, ZProfileIdParam } from "@/domain/schemas/admin-players";

export const dynamic = "force-dynamic";

type Params = { profileId: string };

export const GET = withAdmin<Params>(async ({ req, params }) => {
  const { cursor } = readQuery(req, z.object({ cursor: ZCursor.optional() }));
  const page = await listProfileExchangesPage({ profileId: ZProfileIdParam.parse(params.profileId), cursor });
  return okThrough(ZPlayerExchangesPage, { exchanges: page.items, nextCursor: page.nextCursor });
});
