// GET /api/admin/profiles/{profileId}/takes?cursor – the player's takes, a page of packs at a time → {packs, nextCursor}
import { okThrough, readQuery, withAdmin } from "@/server/http/api";
import { listProfilePacks } from "@/server/profiles/list-profile-packs";
import { ZPlayerPacksPage, ZPlayerPageQuery, ZProfileIdParam } from "@/domain/schemas/admin-players";

export const dynamic = "force-dynamic";

type Params = { profileId: string };

export const GET = withAdmin<Params>(async ({ req, params }) => {
  const { cursor } = readQuery(req, ZPlayerPageQuery);
  const page = await listProfilePacks({ profileId: ZProfileIdParam.parse(params.profileId), cursor });
  return okThrough(ZPlayerPacksPage, { packs: page.items, nextCursor: page.nextCursor });
});
