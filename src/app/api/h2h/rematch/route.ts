import { withSession, okThrough, readJson } from "@/server/http/api";
import { ZRematchRequest } from "@/domain/schemas/h2h";
import { VRematchAnswer } from "@/domain/schemas/play";
import { rematch } from "@/server/rivals/rematch";

// POST /api/h2h/rematch {opponent} – challenge a player again on the next pack the two can play (409 when none).
export const POST = withSession(
  async ({ req, session }) => {
    const { opponent } = await readJson(req, ZRematchRequest);
    const created = await rematch({ challengerProfileId: session.profileId, opponentHandle: opponent });
    return okThrough(VRematchAnswer, { ...created, url: `/h2h/${created.challengeId}` }, { status: 201 });
  },
  { rateLimit: "spend" },
);
