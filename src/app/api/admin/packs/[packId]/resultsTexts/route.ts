import { okThrough, withAdmin } from "@/server/http/api";
import { ZResendResultsTextsAnswer, ZResultsTextsAnswer } from "@/domain/schemas/grading";
import { idParams } from "@/server/http/route-params";
import { getPackResultsTexts, resendPackGradedTexts } from "@/server/grading/resend-pack-graded-texts";

export const dynamic = "force-dynamic";
const params = idParams("packId", "Pack not found");

/** GET /api/admin/packs/{packId}/resultsTexts → {summary: {participants, sent, waiting, failed, neverQueued, optedOut, unsent}}. */
export const GET = withAdmin(
  async ({ params: { packId } }) => okThrough(ZResultsTextsAnswer, { summary: await getPackResultsTexts({ packId }) }),
  { allow: "commissioner", params },
);

/** POST /api/admin/packs/{packId}/resultsTexts – resend the results to participants not texted (failed or never queued) → {queued, summary}; 409 unless graded. */
export const POST = withAdmin(
  async ({ params: { packId }, session }) =>
    okThrough(ZResendResultsTextsAnswer, await resendPackGradedTexts({ packId, actorProfileId: session.profileId })),
  { allow: "commissioner", params },
);
