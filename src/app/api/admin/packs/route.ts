import { okThrough, readJson, readQuery, withAdmin } from "@/server/http/api";
import { createPack } from "@/server/authoring/create-pack";
import { listAdminPacks } from "@/server/authoring/list-admin-packs";
import { ZAdminPacksQuery } from "@/domain/schemas/authoring-requests";
import { ZAdminPacksPage, ZCreatePackRequest, ZPackAnswer } from "@/domain/schemas/packs";

export const dynamic = "force-dynamic";

/** GET /api/admin/packs?statuses&q&league&sort&cursor&limit – a page of the admin packs list → {packs, nextCursor}. */
export const GET = withAdmin(
  async ({ req }) => {
    const page = await listAdminPacks(readQuery(req, ZAdminPacksQuery));
    return okThrough(ZAdminPacksPage, { packs: page.items, nextCursor: page.nextCursor });
  },
  { allow: "commissioner" },
);

/** POST /api/admin/packs – create a draft pack → {success, pack}. */
export const POST = withAdmin(
  async ({ req, session }) => {
    const input = await readJson(req, ZCreatePackRequest);
    return okThrough(ZPackAnswer, { pack: await createPack({ ...input, actorProfileId: session.profileId }) }, { status: 201 });
  },
  { allow: "commissioner" },
);
