import { AWARD_MESSAGES } from "@/domain/awards";
import { ZRedeemAwardAnswer, ZRedeemAwardRequest } from "@/domain/schemas/awards";
import { redeemAward } from "@/server/awards/redeem-award";
import { withFallbackError } from "@/server/http/with-fallback-error";
import { okThrough, readJson, withSession } from "@/server/http/api";
import { enforceAppRateLimit } from "@/server/ratelimit/consume-rate-limit";

export const dynamic = "force-dynamic";

// POST /api/awards/redeem {code} – claim an award code for the signed-in player
export const POST = withSession(
  async ({ req, session }) => {
    const { code } = await readJson(req, ZRedeemAwardRequest);
    return withFallbackError(AWARD_MESSAGES.claimFailed, async () => {
      // Guessing codes costs attempts; a real player never gets near this.
      await enforceAppRateLimit({ bucket: `award-redeem:profile:${session.profileId}`, limit: 30, windowMs: 60_000 });
      return okThrough(ZRedeemAwardAnswer, await redeemAward({ profileId: session.profileId, code }));
    });
  },
  { rateLimit: "spend" },
);
