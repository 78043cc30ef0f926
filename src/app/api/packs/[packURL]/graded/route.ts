// GET  /api/packs/{packURL}/graded – the signed-in player's graded results on a pack (packGraded dialog)
// POST /api/packs/{packURL}/graded – remember that the player has seen them (the dialog shows once)
import { okThrough, withSession } from "@/server/http/api";
import { VPackGradedSeenAnswer, VPackGradedSummary } from "@/domain/schemas/play";
import { getPackGradedSummary } from "@/server/grading/get-pack-graded-summary";
import { markPackGradedSeen } from "@/server/grading/mark-pack-graded-seen";

export const dynamic = "force-dynamic";

export const GET = withSession<{ packURL: string }>(async ({ params, session }) =>
  okThrough(VPackGradedSummary, await getPackGradedSummary({ packURL: params.packURL, profileId: session.profileId })),
);

export const POST = withSession<{ packURL: string }>(async ({ params, session }) =>
  okThrough(VPackGradedSeenAnswer, await markPackGradedSeen({ packURL: params.packURL, profileId: session.profileId })),
);
