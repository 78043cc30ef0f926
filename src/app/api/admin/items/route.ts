import { ZAdminItemAnswer, ZAdminItemsAnswer, ZItemInput } from "@/domain/schemas/marketplace";
import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { createItem } from "@/server/marketplace/create-item";
import { listAdminItems } from "@/server/marketplace/list-admin-items";

export const dynamic = "force-dynamic";

// GET /api/admin/items – every item with its stock (codes left / used)
export const GET = withAdmin(async () => okThrough(ZAdminItemsAnswer, { items: await listAdminItems() }));

// POST /api/admin/items {name, tokens, …} – create an item
export const POST = withAdmin(async ({ req, session }) => {
  const input = await readJson(req, ZItemInput);
  return okThrough(ZAdminItemAnswer, { item: await createItem({ actorProfileId: session.profileId, input }) }, { status: 201 });
});
