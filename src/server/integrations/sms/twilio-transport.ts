import "server-only";
import type { SmsTransport } from "./sms-transport";

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** A sender number, or a messaging service that picks one. */
  fromNumber?: string;
  messagingServiceSid?: string;
  /** https://api.twilio.com, or a local stand-in in tests. */
  baseUrl: string;
  timeoutMs?: number;
}

/**
 * Sends through Twilio's Messages REST API. Errors carry Twilio's status and
 * error code only, never the message body (it may hold a sign-in code).
 */
export function createTwilioTransport(config: TwilioConfig): SmsTransport {
  const endpoint = `${config.baseUrl.replace(/\/+$/, "")}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`;
  return {
    name: "twilio",
    async send({ to, body }) {
      const form = new URLSearchParams({ To: to, Body: body });
      if (config.messagingServiceSid) form.set("MessagingServiceSid", config.messagingServiceSid);
      else if (config.fromNumber) form.set("From", config.fromNumber);
      const response = await fetch(endpoint, {
        method: "POST",
        headers: { Authorization: authorization, "Content-Type": "application/x-www-form-urlencoded" },
        body: form,
        signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
      });
      const answer = (await response.json().catch(() => ({}))) as { sid?: unknown; code?: unknown };
      if (!response.ok) {
        const twilioCode = typeof answer.code === "number" ? ` (Twilio error ${answer.code})` : "";
        throw new Error(`Twilio answered ${response.status}${twilioCode}`);
      }
      return { providerMessageId: typeof answer.sid === "string" ? answer.sid : null };
    },
  };
}
