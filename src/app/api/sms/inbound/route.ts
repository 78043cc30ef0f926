import { NextResponse, type NextRequest } from "next/server";
import { serverEnv } from "@/env";
import { fail, handleApiError } from "@/server/http/api";
import { readBodyText } from "@/server/http/request-edge";
import { handleInboundSms } from "@/server/subscriptions/handle-inbound-sms";
import { isValidTwilioSignature } from "@/server/subscriptions/twilio-signature";

export const dynamic = "force-dynamic";

/**
 * The URL Twilio signed: the public address of this route (NEXTAUTH_URL's
 * origin), since behind a proxy the request's own URL may differ.
 */
function signedUrl(req: NextRequest): string {
  const url = new URL(req.url);
  return new URL(`${url.pathname}${url.search}`, serverEnv().NEXTAUTH_URL).toString();
}

// Twilio's message ids: two letters (SM, MM) and 32 hex digits.
const MESSAGE_SID = /^[A-Z]{2}[0-9a-f]{32}$/i;

/**
 * POST /api/sms/inbound – Twilio's incoming-message webhook (form-encoded):
 * STOP opts out of all texts, START opts back in. Whatever the transport, a
 * request counts only with a valid Twilio signature keyed by TWILIO_AUTH_TOKEN
 * (without a token the webhook is off), and each MessageSid only once, so
 * nobody can opt a player in or out by posting, or by replaying a captured
 * request (docs/decisions/019-public-surface.md).
 */
export async function POST(req: NextRequest): Promise<Response> {
  try {
    const text = await readBodyText(req);
    const params = Object.fromEntries(new URLSearchParams(text).entries());
    const env = serverEnv();
    if (!env.TWILIO_AUTH_TOKEN) return fail(403, "Inbound texts are off: TWILIO_AUTH_TOKEN is not set");
    const valid = isValidTwilioSignature(env.TWILIO_AUTH_TOKEN, signedUrl(req), params, req.headers.get("x-twilio-signature"));
    if (!valid) return fail(403, "Invalid signature");
    const messageSid = params.MessageSid ?? "";
    if (!MESSAGE_SID.test(messageSid)) return fail(400, "MessageSid is missing or malformed");
    await handleInboundSms({ from: params.From ?? "", body: params.Body ?? "", messageSid });
    // An empty TwiML answer (also to a replay, as to Twilio's own retries): Twilio itself sends the carrier's STOP/START confirmations.
    return new NextResponse('<?xml version="1.0" encoding="UTF-8"?><Response></Response>', {
      headers: { "content-type": "text/xml" },
    });
  } catch (error) {
    return handleApiError(error, { path: "/api/sms/inbound" });
  }
}
