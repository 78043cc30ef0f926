// GET /api/admin/gradedPacks?cursor – a page (50) of the graded packs without winners → {packs, nextCursor} (getPackWinners dialog)
import { okThrough, readQuery, withAdmin } from "@/server/http/api";
import { ZPacksMissingWinnersPage, ZQueueQuery } from "@/domain/schemas/grading";
import { listPacksMissingWinners } from "@/server/grading/list-packs-missing-winners";

export const dynamic = "force-dynamic";

export const GET = withAdmin(
  async ({ req }) => {
    const page = await listPacksMissingWinners({ cursor: readQuery(req, ZQueueQuery).cursor });
    return okThrough(ZPacksMissingWinnersPage, { packs: page.items, nextCursor: page.nextCursor });
  },
  { allow: "commissioner" },
);
