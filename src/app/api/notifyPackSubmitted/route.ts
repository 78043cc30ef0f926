import { okThrough, readJson, withSession } from "@/server/http/api";
import { notifyPackSubmitted } from "@/server/receipts/notify-pack-submitted";
import { ZNotifyPackSubmittedRequest } from "@/domain/schemas/player-requests";
import { VNotifyPackSubmittedAnswer } from "@/domain/schemas/play";

export const dynamic = "force-dynamic";

/** POST /api/notifyPackSubmitted – texts the player their takes with the pack link (once per receipt). */
export const POST = withSession(async ({ req, session }) => {
  const { packURL, receiptId } = await readJson(req, ZNotifyPackSubmittedRequest);
  return okThrough(VNotifyPackSubmittedAnswer, await notifyPackSubmitted({ profileId: session.profileId, packURL, receiptId }));
});
