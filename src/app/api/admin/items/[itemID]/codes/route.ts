import { ZAddCodesRequest } from "@/domain/schemas/marketplace";
import { ok, readJson, withAdmin } from "@/server/http/api";
import { addItemCodes } from "@/server/marketplace/add-item-codes";
import { listItemCodes } from "@/server/marketplace/list-item-codes";

export const dynamic = "force-dynamic";

// GET /api/admin/items/{itemID}/codes – the item's codes with their use (super admins only)
export const GET = withAdmin<{ itemID: string }>(async ({ params }) =>
  ok({ codes: await listItemCodes({ itemId: params.itemID }) }),
);

// POST /api/admin/items/{itemID}/codes {codes} – add inventory codes, one per line
export const POST = withAdmin<{ itemID: string }>(async ({ req, params, session }) => {
  const { codes } = await readJson(req, ZAddCodesRequest);
  const result = await addItemCodes({ actorProfileId: session.profileId, itemId: params.itemID, codes });
  return ok({ ...result });
});
