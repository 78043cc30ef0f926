// GET /api/admin/gradePacks?cursor – a page (50) of the packs whose games are over and still need grades → {packs, nextCursor} (gradePacks dialog)
import { okThrough, readQuery, withAdmin } from "@/server/http/api";
import { listPacksToGrade } from "@/server/grading/list-packs-to-grade";
import { ZPacksToGradePage, ZQueueQuery } from "@/domain/schemas/grading";

export const dynamic = "force-dynamic";

export const GET = withAdmin(
  async ({ req }) => {
    const page = await listPacksToGrade({ cursor: readQuery(req, ZQueueQuery).cursor });
    return okThrough(ZPacksToGradePage, { packs: page.items, nextCursor: page.nextCursor });
  },
  { allow: "commissioner" },
);
