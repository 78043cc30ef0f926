// POST /api/admin/autoGrade {packURL} – run the auto-grader now for one pack's props → {graded, waiting, failedGames}
import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { autoGradeNow } from "@/server/grading/auto-grade-now";
import { ZAutoGradeNowAnswer, ZAutoGradeNowRequest } from "@/domain/schemas/grading";

export const dynamic = "force-dynamic";

export const POST = withAdmin(
  async ({ req, session }) => {
    const { packURL } = await readJson(req, ZAutoGradeNowRequest);
    return okThrough(ZAutoGradeNowAnswer, await autoGradeNow({ packURL, actorProfileId: session.profileId }));
  },
  { allow: "commissioner" },
);
