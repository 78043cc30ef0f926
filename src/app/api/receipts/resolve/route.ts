import { okThrough, readQuery, withOptionalSession } from "@/server/http/api";
import { VReceiptResolveAnswer } from "@/domain/schemas/play";
import { ZReceiptResolveQuery } from "@/domain/schemas/player-requests";
import { resolveReceipt } from "@/server/receipts/resolve-receipt";

export const dynamic = "force-dynamic";

/** GET /api/receipts/resolve?packURL&profileID – the player's latest receipt on the pack. */
export const GET = withOptionalSession(async ({ req, session }) => {
  const { packURL, profileID } = readQuery(req, ZReceiptResolveQuery);
  return okThrough(VReceiptResolveAnswer, await resolveReceipt({ packURL, profileHandle: profileID, viewerProfileId: session?.profileId }));
});
