// GET /api/admin/profiles/{profileId}/exchanges?cursor – the player's marketplace exchanges, newest first → {exchanges, nextCursor}
import { okThrough, readQuery, withAdmin } from "@/server/http/api";
import { listProfileExchangesPage } from "@/server/profiles/list-profile-exchanges-page";
import { ZPlayerExchangesPage, ZPlayerPageQuery, ZProfileIdParam } from "@/domain/schemas/admin-players";

export const dynamic = "force-dynamic";

type Params = { profileId: string };

export const GET = withAdmin<Params>(async ({ req, params }) => {
  const { cursor } = readQuery(req, ZPlayerPageQuery);
  const page = await listProfileExchangesPage({ profileId: ZProfileIdParam.parse(params.profileId), cursor });
  return okThrough(ZPlayerExchangesPage, { exchanges: page.items, nextCursor: page.nextCursor });
});
