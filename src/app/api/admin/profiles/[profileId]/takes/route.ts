// GET /api/admin/profiles/{profileId}/takes?cursor – the player's takes, a page of packs at a time → {packs, nextCursor}
import { adminPlayerPageRoute } from "@/server/http/route-kits";
import { listProfilePacks } from "@/server/profiles/list-profile-packs";
import { ZPlayerPacksPage, ZPlayerPageQuery } from "@/domain/schemas/admin-players";

export const dynamic = "force-dynamic";

export const GET = adminPlayerPageRoute(ZPlayerPageQuery, listProfilePacks, ZPlayerPacksPage, (page) => ({
  packs: page.items,
  nextCursor: page.nextCursor,
}));
