// GET /api/admin/profiles?q&cursor&limit – app users by handle prefix or phone, a page (50) at a time → {players, nextCursor}
import { z } from "zod";
import { okThrough, readQuery, withAdmin } from "@/server/http/api";
import { ZCursor } from "@/server/http/keyset";
import { searchProfiles } from "@/server/profiles/search-profiles";
import { ZPlayerSearchPage } from "@/domain/schemas/admin-players";

export const dynamic = "force-dynamic";

const ZPlayerSearchQuery = z.object({
  /** A handle prefix or a phone number (any punctuation). */
  q: z.string().max(40, "Search for at most 40 characters.").default(""),
  cursor: ZCursor.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const GET = withAdmin(async ({ req }) => {
  const page = await searchProfiles(readQuery(req, ZPlayerSearchQuery));
  return okThrough(ZPlayerSearchPage, { players: page.items, nextCursor: page.nextCursor });
});
