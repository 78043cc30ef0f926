// POST /api/admin/gradingQueue/accept {propIds} – grade these props with their suggested results, as a manual grade would → gradeProps' answer and {skipped}
import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { acceptSuggestedGrades } from "@/server/grading/accept-suggested-grades";
import { ZAcceptSuggestedAnswer, ZAcceptSuggestedRequest } from "@/domain/schemas/grading";

export const dynamic = "force-dynamic";

export const POST = withAdmin(
  async ({ req, session }) => {
    const { propIds } = await readJson(req, ZAcceptSuggestedRequest);
    return okThrough(ZAcceptSuggestedAnswer, await acceptSuggestedGrades({ propIds, actorProfileId: session.profileId }));
  },
  { allow: "commissioner" },
);
