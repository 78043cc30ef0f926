import { withSession, okThrough, readJson } from "@/server/http/api";
import { ZRespondToChallengeRequest } from "@/domain/schemas/h2h";
import { respondToChallenge } from "@/server/h2h/respond-to-challenge";
import { idParams } from "@/server/http/route-params";
import { VChallengeResponseAnswer } from "@/domain/schemas/play";

// POST /api/h2h/{challengeId}/respond {accept} – the challenged player accepts or declines.
export const POST = withSession(
  async ({ req, params: { challengeId }, session }) => {
    const { accept } = await readJson(req, ZRespondToChallengeRequest);
    return okThrough(VChallengeResponseAnswer, await respondToChallenge({ challengeId, profileId: session.profileId, accept }));
  },
  { rateLimit: "write", params: idParams("challengeId", "Challenge not found.") },
);
