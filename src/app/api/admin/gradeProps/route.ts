// GET  /api/admin/gradeProps – props ready to grade (gradeProps dialog)
// POST /api/admin/gradeProps {grades: [{propId, outcome: A|B|push|void|null, resultText?}]} – grade, re-grade or un-grade
import { ok, readJson, withAdmin } from "@/server/http/api";
import { gradeProps } from "@/server/grading/grade-props";
import { listPropsToGrade } from "@/server/grading/list-props-to-grade";
import { ZGradePropsRequest } from "@/domain/schemas/grading";

export const dynamic = "force-dynamic";

export const GET = withAdmin(async () => ok({ props: await listPropsToGrade() }));

export const POST = withAdmin(async ({ req, session }) => {
  const { grades } = await readJson(req, ZGradePropsRequest);
  return ok({ ...(await gradeProps({ grades, actorProfileId: session.profileId })) });
});
