import { withAdmin, okThrough, readQuery } from "@/server/http/api";
import { ZContestPackSearchQuery, ZPackSearchAnswer } from "@/domain/schemas/contests";
import { searchContestPacks } from "@/server/contests/search-contest-packs";

export const dynamic = "force-dynamic";

// GET /api/admin/contests/pack-search?search=&league= – packs for the addPacksToContest dialog.
export const GET = withAdmin(
  async ({ req }) => okThrough(ZPackSearchAnswer, { packs: await searchContestPacks(readQuery(req, ZContestPackSearchQuery)) }),
  { allow: "commissioner" },
);
