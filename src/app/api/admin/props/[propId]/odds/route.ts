import { adminRecordRoutes } from "@/server/http/route-kits";
import { ZPropPricesAnswer, ZRefreshOddsRequest, ZRefreshPropOddsAnswer } from "@/domain/schemas/props";
import { listPropPrices, refreshPropOdds } from "@/server/prices/refresh-odds";

export const dynamic = "force-dynamic";

const prop = adminRecordRoutes("propId", "Prop not found", { allow: "commissioner" });

/** GET /api/admin/props/{propId}/odds → {success, prices}: the line history, newest first (bounded). */
export const GET = prop.get(ZPropPricesAnswer, async (propId) => ({ prices: await listPropPrices({ propId }) }));

/** POST /api/admin/props/{propId}/odds {} – refresh the prop's price from ESPN (decision 056); 409 once it has locked. */
export const POST = prop.write(ZRefreshOddsRequest, ZRefreshPropOddsAnswer, async (propId, _input, actorProfileId) => ({
  refresh: await refreshPropOdds({ propId, actorProfileId }),
  prices: await listPropPrices({ propId }),
}));
