import { okThrough, withAdmin } from "@/server/http/api";
import { ZResendResultsTextsAnswer, ZResultsTextsAnswer } from "@/domain/schemas/grading";
import { uuidOrNotFound } from "@/server/http/route-params";
import { getPackResultsTexts, resendPackGradedTexts } from "@/server/grading/resend-pack-graded-texts";

export const dynamic = "force-dynamic";
type Params = { packId: string };

/** GET /api/admin/packs/{packId}/resultsTexts → {summary: {participants, sent, waiting, failed, neverQueued, optedOut, unsent}}. */
export const GET = withAdmin<Params>(async ({ params }) =>
  okThrough(ZResultsTextsAnswer, { summary: await getPackResultsTexts({ packId: uuidOrNotFound(params.packId, "Pack not found") }) }),
);

/** POST /api/admin/packs/{packId}/resultsTexts – resend the results to participants not texted (failed or never queued) → {queued, summary}; 409 unless graded. */
export const POST = withAdmin<Params>(async ({ params, session }) => {
  const packId = uuidOrNotFound(params.packId, "Pack not found");
  return okThrough(ZResendResultsTextsAnswer, await resendPackGradedTexts({ packId, actorProfileId: session.profileId }));
});
