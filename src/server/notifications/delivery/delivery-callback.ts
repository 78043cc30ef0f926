import "server-only";
import { validateRequest } from "twilio/lib/webhooks/webhooks";
import { deliveryStatusOf } from "@/domain/sms-delivery";
import { serverEnv } from "@/env";
import { enforceAppRateLimit } from "@/server/ratelimit/consume-rate-limit";
import { recordDeliveryStatus } from "./record-delivery-status";

// Twilio's message ids: two letters (SM, MM) and 32 hex digits.
const MESSAGE_SID = /^[A-Z]{2}[0-9a-f]{32}$/i;
/** Refused callbacks a client address may send per minute before it is answered 429. */
const REFUSED_PER_MINUTE = 30;

export type DeliveryCallbackAnswer = { status: 200; known: boolean; moved: boolean } | { status: 400 | 403; error: string };

/**
 * One status callback as Twilio posted it (form fields, the X-Twilio-Signature header). The
 * signature is checked with Twilio's own library against the public address of the route
 * (NEXTAUTH_URL), never the Host the request names; without TWILIO_AUTH_TOKEN the callback is
 * off. Refused requests count against the sender's address (docs/decisions/071-delivery-on-the-record.md).
 * A MessageSid we never sent, or a status we do not keep, is answered 200 and changes nothing:
 * Twilio would only retry it.
 */
export async function handleDeliveryCallback(input: {
  params: Record<string, string>;
  signature: string | null;
  /** The request's path and query, as Twilio signed them. */
  pathAndQuery: string;
  clientAddress: string;
}): Promise<DeliveryCallbackAnswer> {
  const env = serverEnv();
  const url = new URL(input.pathAndQuery, env.NEXTAUTH_URL).toString();
  const signed = !!env.TWILIO_AUTH_TOKEN && !!input.signature && validateRequest(env.TWILIO_AUTH_TOKEN, input.signature, url, input.params);
  if (!signed) {
    await enforceAppRateLimit({ bucket: `sms-status-refused:ip:${input.clientAddress}`, limit: REFUSED_PER_MINUTE, windowMs: 60_000 });
    return { status: 403, error: env.TWILIO_AUTH_TOKEN ? "Invalid signature" : "Delivery reports are off: TWILIO_AUTH_TOKEN is not set" };
  }
  const messageSid = input.params.MessageSid ?? input.params.SmsSid ?? "";
  if (!MESSAGE_SID.test(messageSid)) return { status: 400, error: "MessageSid is missing or malformed" };
  const status = deliveryStatusOf(input.params.MessageStatus ?? input.params.SmsStatus ?? "");
  if (!status) return { status: 200, known: false, moved: false };
  const code = Number(input.params.ErrorCode);
  const errorCode = input.params.ErrorCode && Number.isInteger(code) && code > 0 && code < 1_000_000 ? code : null;
  const { known, moved } = await recordDeliveryStatus({ messageSid, status, errorCode });
  return { status: 200, known, moved };
}
