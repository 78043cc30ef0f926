import { withSession, okThrough, readJson } from "@/server/http/api";
import { ZCreateChallengeRequest } from "@/domain/schemas/h2h";
import { VChallengeCreatedAnswer } from "@/domain/schemas/play";
import { createChallenge } from "@/server/h2h/create-challenge";

// POST /api/h2h {packURL, opponent} – challenge another player on a pack that has not closed.
export const POST = withSession(
  async ({ req, session }) => {
    const { packURL, opponent } = await readJson(req, ZCreateChallengeRequest);
    const created = await createChallenge({ challengerProfileId: session.profileId, packURL, opponentHandle: opponent });
    return okThrough(VChallengeCreatedAnswer, { ...created, url: `/h2h/${created.challengeId}` }, { status: 201 });
  },
  { rateLimit: "spend" },
);
