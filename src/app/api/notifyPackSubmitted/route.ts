import { z } from "zod";
import { ok, readJson, withSession } from "@/server/http/api";
import { notifyPackSubmitted } from "@/server/receipts/notify-pack-submitted";

export const dynamic = "force-dynamic";

const ZBody = z.object({
  packURL: z.string().trim().min(1, "Missing packURL").max(80),
  packTitle: z.string().max(200).optional(),
  receiptId: z.string().trim().min(1, "Missing receiptId").max(40),
});

/** POST /api/notifyPackSubmitted – texts the player their takes with the pack link (once per receipt). */
export const POST = withSession(async ({ req, session }) => {
  const { packURL, receiptId } = await readJson(req, ZBody);
  return ok(await notifyPackSubmitted({ profileId: session.profileId, packURL, receiptId }));
});
