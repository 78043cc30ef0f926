import { ZRedeemRequest } from "@/domain/schemas/marketplace";
import { VRedemptionAnswer } from "@/domain/schemas/play";
import { okThrough, readJson, withSession } from "@/server/http/api";
import { redeemItem } from "@/server/marketplace/redeem-item";

// POST /api/marketplace/redeem {itemID, contact, agreedToTerms, expectedTokens?, idempotencyKey?} – spend diamonds on one item
export const POST = withSession(
  async ({ req, session }) => {
    const { itemID, contact, expectedTokens, idempotencyKey } = await readJson(req, ZRedeemRequest);
    const redemption = await redeemItem({ profileId: session.profileId, itemId: itemID, contact, expectedTokens, idempotencyKey });
    return okThrough(VRedemptionAnswer, { ...redemption, redeemedAt: redemption.redeemedAt.toISOString() });
  },
  { rateLimit: "spend" },
);
