// GET  /api/admin/gradeProps?cursor – a page (100) of the props ready to grade → {props, nextCursor} (gradeProps dialog)
// POST /api/admin/gradeProps {grades: [{propId, outcome: A|B|push|void|null, resultText?}]} – grade, re-grade or un-grade
import { okThrough, readJson, readQuery, withAdmin } from "@/server/http/api";
import { gradeProps } from "@/server/grading/grade-props";
import { listPropsToGrade } from "@/server/grading/list-props-to-grade";
import { ZGradePropsAnswer, ZGradePropsRequest, ZPropsToGradePage, ZQueueQuery } from "@/domain/schemas/grading";

export const dynamic = "force-dynamic";

export const GET = withAdmin(
  async ({ req }) => {
    const page = await listPropsToGrade({ cursor: readQuery(req, ZQueueQuery).cursor });
    return okThrough(ZPropsToGradePage, { props: page.items, nextCursor: page.nextCursor });
  },
  { allow: "commissioner" },
);

export const POST = withAdmin(
  async ({ req, session }) => {
    const { grades } = await readJson(req, ZGradePropsRequest);
    return okThrough(ZGradePropsAnswer, await gradeProps({ grades, actorProfileId: session.profileId }));
  },
  { allow: "commissioner" },
);
