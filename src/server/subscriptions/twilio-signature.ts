import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Twilio's request signature: base64 HMAC-SHA1, keyed with the auth token,
 * of the full request URL followed by every POST parameter as name+value,
 * sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

/** Constant-time comparison of the header against the expected signature. */
export function isValidTwilioSignature(authToken: string, url: string, params: Record<string, string>, signature: string | null): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
