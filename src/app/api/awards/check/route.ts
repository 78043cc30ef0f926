import { z } from "zod";
import { AWARD_MESSAGES } from "@/domain/awards";
import { checkAwardClaim } from "@/server/awards/check-award-claim";
import { withFallbackError } from "@/server/awards/with-fallback-error";
import { ok, readQuery, withSession } from "@/server/http/api";

export const dynamic = "force-dynamic";
const ZCheckQuery = z.object({ code: z.string({ error: AWARD_MESSAGES.invalidCode }).max(100, AWARD_MESSAGES.invalidCode) });

// GET /api/awards/check?code – has the signed-in player already claimed this card?
export const GET = withSession(async ({ req, session }) => {
  const { code } = readQuery(req, ZCheckQuery);
  return withFallbackError(AWARD_MESSAGES.loadFailed, async () => ok(await checkAwardClaim({ profileId: session.profileId, code })));
});
