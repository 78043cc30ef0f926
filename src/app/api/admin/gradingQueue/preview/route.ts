// POST /api/admin/gradingQueue/preview {propIds} – what accepting their suggested results would do → {props, players, texts, skipped}
import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { previewSuggestedGrades } from "@/server/grading/accept-suggested-grades";
import { ZAcceptSuggestedRequest, ZSuggestedGradesPreview } from "@/domain/schemas/grading";

export const dynamic = "force-dynamic";

export const POST = withAdmin(
  async ({ req }) => {
    const { propIds } = await readJson(req, ZAcceptSuggestedRequest);
    return okThrough(ZSuggestedGradesPreview, await previewSuggestedGrades({ propIds }));
  },
  { allow: "commissioner" },
);
