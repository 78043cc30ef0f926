import { z } from "zod";
import { ZMarketplaceItemsQuery } from "@/domain/schemas/marketplace";
import { ok, readQuery, withOptionalSession } from "@/server/http/api";
import { MARKETPLACE_PAGE, listMarketplaceItems } from "@/server/marketplace/list-marketplace-items";

export const dynamic = "force-dynamic";

// A cursor carries the last item's name (up to 120 characters, any script), so it may be longer
// than the other lists' ZCursor allows (src/server/http/keyset.ts); its content is checked on decoding.
const ZQuery = ZMarketplaceItemsQuery.extend({
  cursor: z.string().max(1_200, "Invalid cursor").regex(/^[A-Za-z0-9_-]+$/, "Invalid cursor").optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

// GET /api/marketplace/items?teamSlug=&cursor=&limit= – a page (24 by default) of the items a player can
// redeem now (never their codes), in the marketplace's order → {team, items, nextCursor}
// (keyset, docs/decisions/024-season-scale.md: the list is paged, no longer cut silently at 200).
export const GET = withOptionalSession(async ({ req }) => {
  const { teamSlug, cursor, limit } = readQuery(req, ZQuery);
  const { team, items, nextCursor } = await listMarketplaceItems({ teamSlug, cursor, limit: limit ?? MARKETPLACE_PAGE });
  return ok({ team, items, nextCursor });
});
