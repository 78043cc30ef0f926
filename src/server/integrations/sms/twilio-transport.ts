import "server-only";
import { SmsInDoubtError, type SmsTransport } from "./sms-transport";

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** A sender number, or a messaging service that picks one. */
  fromNumber?: string;
  messagingServiceSid?: string;
  /** https://api.twilio.com, or a local stand-in in tests. */
  baseUrl: string;
  /** Where Twilio posts each message's status (POST /api/sms/status, docs/decisions/071-delivery-on-the-record.md). */
  statusCallbackUrl?: string;
  timeoutMs?: number;
}

/** Clocks differ: a message Twilio stamped this much before our claim still counts as that claim's. */
const CLOCK_SKEW_MS = 60_000;

/**
 * Sends through Twilio's Messages REST API. Errors carry Twilio's status and
 * error code only, never the message body (it may hold a sign-in code).
 *
 * Twilio's Messages API takes no idempotency key, so a send cut short (a timeout, our process
 * killed) cannot simply be repeated: findSent lists the messages to that number, newest first,
 * and looks for the same body created since the claim (docs/decisions/031-crash-safe-worker.md).
 */
export function createTwilioTransport(config: TwilioConfig): SmsTransport {
  const endpoint = `${config.baseUrl.replace(/\/+$/, "")}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`;
  const timeout = () => AbortSignal.timeout(config.timeoutMs ?? 10_000);
  return {
    name: "twilio",
    async send({ to, body }) {
      const form = new URLSearchParams({ To: to, Body: body });
      if (config.messagingServiceSid) form.set("MessagingServiceSid", config.messagingServiceSid);
      else if (config.fromNumber) form.set("From", config.fromNumber);
      if (config.statusCallbackUrl) form.set("StatusCallback", config.statusCallbackUrl);
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: "POST",
          headers: { Authorization: authorization, "Content-Type": "application/x-www-form-urlencoded" },
          body: form,
          signal: timeout(),
        });
      } catch (error) {
        // No answer: Twilio may have created the message all the same.
        throw new SmsInDoubtError(`Twilio did not answer: ${error instanceof Error ? error.message : String(error)}`);
      }
      const answer = (await response.json().catch(() => ({}))) as { sid?: unknown; code?: unknown };
      if (!response.ok) {
        const twilioCode = typeof answer.code === "number" ? ` (Twilio error ${answer.code})` : "";
        throw new Error(`Twilio answered ${response.status}${twilioCode}`);
      }
      return { providerMessageId: typeof answer.sid === "string" ? answer.sid : null };
    },
    async findSent({ to, body }, since) {
      const response = await fetch(`${endpoint}?${new URLSearchParams({ To: to, PageSize: "50" })}`, {
        headers: { Authorization: authorization },
        signal: timeout(),
      });
      if (!response.ok) throw new Error(`Twilio answered ${response.status} to a message lookup`);
      const page = (await response.json()) as { messages?: Array<{ sid?: unknown; body?: unknown; date_created?: unknown }> };
      const match = (page.messages ?? []).find(
        (message) =>
          message.body === body &&
          typeof message.date_created === "string" &&
          Date.parse(message.date_created) >= since.getTime() - CLOCK_SKEW_MS,
      );
      return match ? { providerMessageId: typeof match.sid === "string" ? match.sid : null } : null;
    },
  };
}
