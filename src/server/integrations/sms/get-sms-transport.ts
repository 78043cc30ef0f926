import "server-only";
import { serverEnv } from "@/env";
import { createLogTransport } from "./log-transport";
import type { SmsTransport } from "./sms-transport";
import { createTwilioTransport } from "./twilio-transport";

/** The public route Twilio posts delivery reports to (src/app/api/sms/status). */
export const SMS_STATUS_PATH = "/api/sms/status";

/**
 * The configured transport (SMS_TRANSPORT). src/env.ts has already refused a
 * production start with the log transport unless SMS_ALLOW_LOG_IN_PRODUCTION
 * is set, and a Twilio transport without its credentials.
 */
export function getSmsTransport(): SmsTransport {
  const env = serverEnv();
  if (env.smsTransport === "log") return createLogTransport({ logFile: env.SMS_LOG_FILE });
  return createTwilioTransport({
    accountSid: env.TWILIO_ACCOUNT_SID ?? "",
    authToken: env.TWILIO_AUTH_TOKEN ?? "",
    fromNumber: env.TWILIO_FROM_NUMBER,
    messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID,
    baseUrl: env.TWILIO_BASE_URL,
    statusCallbackUrl: new URL(SMS_STATUS_PATH, env.NEXTAUTH_URL).toString(),
  });
}
