import { AWARD_MESSAGES } from "@/domain/awards";
import { ZAwardCodeQuery, ZAwardPreview } from "@/domain/schemas/awards";
import { getAwardPreview } from "@/server/awards/get-award-preview";
import { withFallbackError } from "@/server/http/with-fallback-error";
import { okThrough, readQuery, withOptionalSession } from "@/server/http/api";
import { clientAddress } from "@/server/http/client-address";
import { enforceAppRateLimit } from "@/server/ratelimit/consume-rate-limit";

export const dynamic = "force-dynamic";

// GET /api/awards/preview?code – public read of an award or promo card
export const GET = withOptionalSession(async ({ req }) => {
  const { code } = readQuery(req, ZAwardCodeQuery);
  return withFallbackError(AWARD_MESSAGES.loadFailed, async () => {
    await enforceAppRateLimit({ bucket: `award-preview:ip:${clientAddress(req.headers)}`, limit: 120, windowMs: 60_000 });
    return okThrough(ZAwardPreview, await getAwardPreview({ code }));
  });
});
