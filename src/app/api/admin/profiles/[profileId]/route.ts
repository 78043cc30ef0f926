// GET /api/admin/profiles/{profileId} – one app user for the admin player page → {player}
import { okThrough, withAdmin } from "@/server/http/api";
import { AppError } from "@/server/http/app-error";
import { getAdminProfile } from "@/server/profiles/get-admin-profile";
import { ZAdminPlayerAnswer, ZProfileIdParam } from "@/domain/schemas/admin-players";

export const dynamic = "force-dynamic";

type Params = { profileId: string };

export const GET = withAdmin<Params>(async ({ params }) => {
  const player = await getAdminProfile({ profileId: ZProfileIdParam.parse(params.profileId) });
  if (!player) throw new AppError("NOT_FOUND", "Player not found.");
  return okThrough(ZAdminPlayerAnswer, { player });
});
