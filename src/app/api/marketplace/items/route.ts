import { ZMarketplaceItemsQuery } from "@/domain/schemas/marketplace";
import { ok, readQuery, withOptionalSession } from "@/server/http/api";
import { listMarketplaceItems } from "@/server/marketplace/list-marketplace-items";

export const dynamic = "force-dynamic";

// GET /api/marketplace/items?teamSlug= – the items a player can redeem now (never their codes)
export const GET = withOptionalSession(async ({ req }) => {
  const { teamSlug } = readQuery(req, ZMarketplaceItemsQuery);
  return ok({ ...(await listMarketplaceItems({ teamSlug })) });
});
