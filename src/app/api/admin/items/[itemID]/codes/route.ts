import { ZAddCodesAnswer, ZAddCodesRequest, ZItemCodesAnswer } from "@/domain/schemas/marketplace";
import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { addItemCodes } from "@/server/marketplace/add-item-codes";
import { listItemCodes } from "@/server/marketplace/list-item-codes";

export const dynamic = "force-dynamic";

// GET /api/admin/items/{itemID}/codes – the item's codes with their use (super admins only)
export const GET = withAdmin<{ itemID: string }>(async ({ params }) => {
  const codes = await listItemCodes({ itemId: params.itemID });
  return okThrough(ZItemCodesAnswer, {
    codes: codes.map((row) => ({ code: row.code, addedAt: row.addedAt.toISOString(), usedAt: row.usedAt?.toISOString() ?? null })),
  });
});

// POST /api/admin/items/{itemID}/codes {codes} – add inventory codes, one per line
export const POST = withAdmin<{ itemID: string }>(async ({ req, params, session }) => {
  const { codes } = await readJson(req, ZAddCodesRequest);
  return okThrough(ZAddCodesAnswer, await addItemCodes({ actorProfileId: session.profileId, itemId: params.itemID, codes }));
});
