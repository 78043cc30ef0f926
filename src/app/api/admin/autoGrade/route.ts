// POST /api/admin/autoGrade {packURL} – run the auto-grader now for one pack's props → {graded, waiting, failedGames}
import { z } from "zod";
import { ok, readJson, withAdmin } from "@/server/http/api";
import { autoGradeNow } from "@/server/grading/auto-grade-now";

export const dynamic = "force-dynamic";

const ZAutoGradeNowRequest = z.object({ packURL: z.string({ error: "Missing packURL" }).trim().min(1, "Missing packURL").max(200) });

export const POST = withAdmin(async ({ req }) => {
  const { packURL } = await readJson(req, ZAutoGradeNowRequest);
  return ok({ ...(await autoGradeNow({ packURL })) });
});
