// GET /api/admin/profiles?q&cursor&limit – app users by handle prefix or phone, a page (50) at a time → {players, nextCursor}
import { okThrough, readQuery, withAdmin } from "@/server/http/api";
import { searchProfiles } from "@/server/profiles/search-profiles";
import { ZPlayerSearchPage, ZPlayerSearchQuery } from "@/domain/schemas/admin-players";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async ({ req }) => {
  const page = await searchProfiles(readQuery(req, ZPlayerSearchQuery));
  return okThrough(ZPlayerSearchPage, { players: page.items, nextCursor: page.nextCursor });
});
