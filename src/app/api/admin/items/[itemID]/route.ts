import { ITEM_NOT_FOUND_MESSAGE } from "@/domain/marketplace";
import { ZAdminItemAnswer, ZItemInput } from "@/domain/schemas/marketplace";
import { notFound } from "@/server/http/app-error";
import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { findAdminItem } from "@/server/marketplace/find-admin-item";
import { updateItem } from "@/server/marketplace/update-item";

export const dynamic = "force-dynamic";

// GET /api/admin/items/{itemID} – one item with its stock
export const GET = withAdmin<{ itemID: string }>(async ({ params }) => {
  const item = await findAdminItem({ itemId: params.itemID });
  if (!item) throw notFound(ITEM_NOT_FOUND_MESSAGE);
  return okThrough(ZAdminItemAnswer, { item });
});

// PUT /api/admin/items/{itemID} {name, tokens, …} – replace the item's editable fields
export const PUT = withAdmin<{ itemID: string }>(async ({ req, params, session }) => {
  const input = await readJson(req, ZItemInput);
  return okThrough(ZAdminItemAnswer, { item: await updateItem({ actorProfileId: session.profileId, itemId: params.itemID, input }) });
});
