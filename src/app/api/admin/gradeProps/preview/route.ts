// POST /api/admin/gradeProps/preview {grades: [{propId, outcome: A|B|push|void|null}]} – what saving these grades would change
// for the players of props graded before (before → after per player, how many) and for the pack winners; writes nothing
import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { previewRegrade } from "@/server/grading/preview-regrade";
import { ZGradePropsRequest, ZRegradePreview } from "@/domain/schemas/grading";

export const dynamic = "force-dynamic";

export const POST = withAdmin(
  async ({ req }) => {
    const { grades } = await readJson(req, ZGradePropsRequest);
    return okThrough(ZRegradePreview, await previewRegrade({ grades }));
  },
  { allow: "commissioner" },
);
