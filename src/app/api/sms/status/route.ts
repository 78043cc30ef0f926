import type { NextRequest } from "next/server";
import { fail, handleApiError, ok } from "@/server/http/api";
import { clientAddress } from "@/server/http/client-address";
import { readBodyText } from "@/server/http/request-edge";
import { handleDeliveryCallback } from "@/server/notifications/delivery/delivery-callback";

export const dynamic = "force-dynamic";

/** A status callback is a few hundred bytes of form fields. */
const MAX_CALLBACK_BYTES = 8 * 1024;

/**
 * POST /api/sms/status – Twilio's status callback for each text we send (form-encoded, signed):
 * moves the outbox row along queued → sent → delivered / undelivered / failed and keeps the
 * carrier's error code (docs/decisions/071-delivery-on-the-record.md). Unsigned or badly signed
 * requests get 403 (429 past 30 a minute from one address).
 */
export async function POST(req: NextRequest): Promise<Response> {
  try {
    const text = await readBodyText(req, MAX_CALLBACK_BYTES);
    const url = new URL(req.url);
    const answer = await handleDeliveryCallback({
      params: Object.fromEntries(new URLSearchParams(text).entries()),
      signature: req.headers.get("x-twilio-signature"),
      pathAndQuery: `${url.pathname}${url.search}`,
      clientAddress: clientAddress(req.headers),
    });
    if (answer.status !== 200) return fail(answer.status, answer.error);
    return ok({ known: answer.known, updated: answer.moved });
  } catch (error) {
    return handleApiError(error, { path: "/api/sms/status" });
  }
}
