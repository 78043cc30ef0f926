import { ZExchangesAnswer } from "@/domain/schemas/marketplace";
import { okThrough, withSession } from "@/server/http/api";
import { listProfileExchanges } from "@/server/marketplace/list-profile-exchanges";

export const dynamic = "force-dynamic";

// GET /api/marketplace/exchanges – the signed-in player's own exchanges, with their codes
export const GET = withSession(async ({ session }) => {
  const exchanges = await listProfileExchanges({ profileId: session.profileId });
  return okThrough(ZExchangesAnswer, {
    exchanges: exchanges.map((exchange) => ({ ...exchange, createdAt: exchange.createdAt.toISOString() })),
  });
});
