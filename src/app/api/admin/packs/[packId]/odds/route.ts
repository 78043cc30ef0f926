import { adminRecordRoutes } from "@/server/http/route-kits";
import { ZRefreshOddsRequest, ZRefreshPackOddsAnswer } from "@/domain/schemas/props";
import { refreshPackOdds } from "@/server/prices/refresh-odds";

export const dynamic = "force-dynamic";

const pack = adminRecordRoutes("packId", "Pack not found", { allow: "commissioner" });

/** POST /api/admin/packs/{packId}/odds {} – refresh every ESPN-priced prop of the pack that has not locked (decision 056). */
export const POST = pack.write(ZRefreshOddsRequest, ZRefreshPackOddsAnswer, (packId, _input, actorProfileId) =>
  refreshPackOdds({ packId, actorProfileId }),
);
