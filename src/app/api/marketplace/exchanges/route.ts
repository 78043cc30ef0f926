import { ok, withSession } from "@/server/http/api";
import { listProfileExchanges } from "@/server/marketplace/list-profile-exchanges";

export const dynamic = "force-dynamic";

// GET /api/marketplace/exchanges – the signed-in player's own exchanges, with their codes
export const GET = withSession(async ({ session }) => {
  const exchanges = await listProfileExchanges({ profileId: session.profileId });
  return ok({ exchanges });
});
