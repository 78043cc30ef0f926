import { withAdmin, ok, readQuery } from "@/server/http/api";
import { ZContestPackSearchQuery } from "@/domain/schemas/contests";
import { searchContestPacks } from "@/server/contests/search-contest-packs";

export const dynamic = "force-dynamic";

// GET /api/admin/contests/pack-search?search=&league= – packs for the addPacksToContest dialog.
export const GET = withAdmin(async ({ req }) => ok({ packs: await searchContestPacks(readQuery(req, ZContestPackSearchQuery)) }));
