import { withSession, ok, readJson } from "@/server/http/api";
import { ZRespondToChallengeRequest } from "@/domain/schemas/h2h";
import { AppError } from "@/server/http/app-error";
import { respondToChallenge } from "@/server/h2h/respond-to-challenge";
import { isId } from "@/domain/ids";


// POST /api/h2h/{challengeId}/respond {accept} – the challenged player accepts or declines.
export const POST = withSession<{ challengeId: string }>(async ({ req, params, session }) => {
  const { accept } = await readJson(req, ZRespondToChallengeRequest);
  if (!isId(params.challengeId)) throw new AppError("NOT_FOUND", "Challenge not found.");
  return ok(await respondToChallenge({ challengeId: params.challengeId, profileId: session.profileId, accept }));
}, { rateLimit: "write" });
