import { ZMarketplaceItemsAnswer, ZMarketplaceItemsQuery } from "@/domain/schemas/marketplace";
import { okThrough, readQuery, withOptionalSession } from "@/server/http/api";
import { MARKETPLACE_PAGE, listMarketplaceItems } from "@/server/marketplace/list-marketplace-items";

export const dynamic = "force-dynamic";

// GET /api/marketplace/items?teamSlug=&cursor=&limit= – a page (24 by default) of the items a player can
// redeem now (never their codes), in the marketplace's order → {team, items, nextCursor}
// (keyset, docs/decisions/024-season-scale.md: the list is paged, no longer cut silently at 200).
export const GET = withOptionalSession(async ({ req }) => {
  const { teamSlug, cursor, limit } = readQuery(req, ZMarketplaceItemsQuery);
  const { team, items, nextCursor } = await listMarketplaceItems({ teamSlug, cursor, limit: limit ?? MARKETPLACE_PAGE });
  return okThrough(ZMarketplaceItemsAnswer, { team, items, nextCursor });
});
