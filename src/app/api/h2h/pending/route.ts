import { okThrough, withSession } from "@/server/http/api";
import { VPendingChallengesAnswer } from "@/domain/schemas/play";
import { listPendingChallenges } from "@/server/h2h/list-pending-challenges";

export const dynamic = "force-dynamic";

/** GET /api/h2h/pending – the challenges waiting for the signed-in player's answer → {challenges: [...]} (the feed's notice). */
export const GET = withSession(async ({ session }) =>
  okThrough(VPendingChallengesAnswer, { challenges: await listPendingChallenges({ profileId: session.profileId }) }),
);
