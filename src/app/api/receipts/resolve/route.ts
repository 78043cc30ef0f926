import { z } from "zod";
import { okThrough, readQuery, withOptionalSession } from "@/server/http/api";
import { VReceiptResolveAnswer } from "@/domain/schemas/play";
import { resolveReceipt } from "@/server/receipts/resolve-receipt";

export const dynamic = "force-dynamic";

const MISSING = "Missing packURL or profileID";
const ZQuery = z.object({
  packURL: z.string({ message: MISSING }).trim().min(1, MISSING).max(80),
  profileID: z.string({ message: MISSING }).trim().min(1, MISSING).max(40),
});

/** GET /api/receipts/resolve?packURL&profileID – the player's latest receipt on the pack. */
export const GET = withOptionalSession(async ({ req, session }) => {
  const { packURL, profileID } = readQuery(req, ZQuery);
  return okThrough(VReceiptResolveAnswer, await resolveReceipt({ packURL, profileHandle: profileID, viewerProfileId: session?.profileId }));
});
