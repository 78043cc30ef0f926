// GET /api/admin/profiles/{profileId}/exchanges?cursor – the player's marketplace exchanges, newest first → {exchanges, nextCursor}
import { adminPlayerPageRoute } from "@/server/http/route-kits";
import { listProfileExchangesPage } from "@/server/profiles/list-profile-exchanges-page";
import { ZPlayerExchangesPage, ZPlayerPageQuery } from "@/domain/schemas/admin-players";

export const dynamic = "force-dynamic";

export const GET = adminPlayerPageRoute(ZPlayerPageQuery, listProfileExchangesPage, ZPlayerExchangesPage, (page) => ({
  exchanges: page.items,
  nextCursor: page.nextCursor,
}));
