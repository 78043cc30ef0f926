import { z } from "zod";
import { AWARD_MESSAGES } from "@/domain/awards";
import { getAwardPreview } from "@/server/awards/get-award-preview";
import { withFallbackError } from "@/server/awards/with-fallback-error";
import { ok, readQuery, withOptionalSession } from "@/server/http/api";
import { clientAddress } from "@/server/http/client-address";
import { enforceAppRateLimit } from "@/server/ratelimit/consume-rate-limit";

export const dynamic = "force-dynamic";
const ZPreviewQuery = z.object({ code: z.string({ error: AWARD_MESSAGES.invalidCode }).max(100, AWARD_MESSAGES.invalidCode) });

// GET /api/awards/preview?code – public read of an award or promo card
export const GET = withOptionalSession(async ({ req }) => {
  const { code } = readQuery(req, ZPreviewQuery);
  return withFallbackError(AWARD_MESSAGES.loadFailed, async () => {
    await enforceAppRateLimit({ bucket: `award-preview:ip:${clientAddress(req.headers)}`, limit: 120, windowMs: 60_000 });
    return ok({ ...(await getAwardPreview({ code })) });
  });
});
