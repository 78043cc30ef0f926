import { AWARD_MESSAGES } from "@/domain/awards";
import { ZAwardCheckAnswer, ZAwardCodeQuery } from "@/domain/schemas/awards";
import { checkAwardClaim } from "@/server/awards/check-award-claim";
import { withFallbackError } from "@/server/http/with-fallback-error";
import { okThrough, readQuery, withSession } from "@/server/http/api";

export const dynamic = "force-dynamic";

// GET /api/awards/check?code – has the signed-in player already claimed this card?
export const GET = withSession(async ({ req, session }) => {
  const { code } = readQuery(req, ZAwardCodeQuery);
  return withFallbackError(AWARD_MESSAGES.loadFailed, async () =>
    okThrough(ZAwardCheckAnswer, await checkAwardClaim({ profileId: session.profileId, code })),
  );
});
