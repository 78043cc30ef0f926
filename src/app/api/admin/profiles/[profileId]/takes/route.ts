// GET /api/admin/profiles/{profileId}/takes?cursor – the player's takes, a page of packs at a time → {packs, nextCursor}
import { z } from "zod";
import { okThrough, readQuery, withAdmin } from "@/server/http/api";
import { ZCursor } from "@/server/http/keyset";
import { listProfilePacks } from "@/server/profiles/list-profile-packs";
import { ZPlayerPacksPage, ZProfileIdParam } from "@/domain/schemas/admin-players";

export const dynamic = "force-dynamic";

type Params = { profileId: string };

export const GET = withAdmin<Params>(async ({ req, params }) => {
  const { cursor } = readQuery(req, z.object({ cursor: ZCursor.optional() }));
  const page = await listProfilePacks({ profileId: ZProfileIdParam.parse(params.profileId), cursor });
  return okThrough(ZPlayerPacksPage, { packs: page.items, nextCursor: page.nextCursor });
});
