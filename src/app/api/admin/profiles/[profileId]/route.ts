// GET /api/admin/profiles/{profileId} – one app user for the admin player page → {player}
import { okThrough, withAdmin } from "@/server/http/api";
import { AppError } from "@/server/http/app-error";
import { getAdminProfile } from "@/server/profiles/get-admin-profile";
import { playerParams } from "@/server/http/route-kits";
import { ZAdminPlayerAnswer } from "@/domain/schemas/admin-players";

export const dynamic = "force-dynamic";

export const GET = withAdmin(
  async ({ params: { profileId } }) => {
    const player = await getAdminProfile({ profileId });
    if (!player) throw new AppError("NOT_FOUND", "Player not found.");
    return okThrough(ZAdminPlayerAnswer, { player });
  },
  { params: playerParams },
);
