import { withSession, okThrough, readJson } from "@/server/http/api";
import { ZRespondToChallengeRequest } from "@/domain/schemas/h2h";
import { AppError } from "@/server/http/app-error";
import { respondToChallenge } from "@/server/h2h/respond-to-challenge";
import { isId } from "@/domain/ids";
import { VChallengeResponseAnswer } from "@/domain/schemas/play";

// POST /api/h2h/{challengeId}/respond {accept} – the challenged player accepts or declines.
export const POST = withSession<{ challengeId: string }>(
  async ({ req, params, session }) => {
    const { accept } = await readJson(req, ZRespondToChallengeRequest);
    if (!isId(params.challengeId)) throw new AppError("NOT_FOUND", "Challenge not found.");
    return okThrough(
      VChallengeResponseAnswer,
      await respondToChallenge({ challengeId: params.challengeId, profileId: session.profileId, accept }),
    );
  },
  { rateLimit: "write" },
);
