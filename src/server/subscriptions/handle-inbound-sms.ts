import "server-only";
import { toE164 } from "@/domain/phone";
import { setSmsOptOutByPhone } from "./set-sms-opt-out-by-phone";

// Carrier-standard keywords (Twilio's defaults): any of these as the whole message.
const OPT_OUT = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "OPTOUT", "REVOKE"]);
const OPT_IN = new Set(["START", "YES", "UNSTOP", "OPTIN"]);

export type InboundSmsAction = "opt_out" | "opt_in" | "ignored";

export function inboundSmsAction(body: string): InboundSmsAction {
  const word = body.trim().toUpperCase().replace(/[^A-Z]/g, "");
  if (OPT_OUT.has(word)) return "opt_out";
  if (OPT_IN.has(word)) return "opt_in";
  return "ignored";
}

/** A reply from a phone: STOP pauses every text to its profile, START resumes them; anything else is ignored. */
export async function handleInboundSms({ from, body }: { from: string; body: string }): Promise<{ action: InboundSmsAction; profileFound: boolean }> {
  const action = inboundSmsAction(body);
  const phone = toE164(from);
  if (action === "ignored" || !phone) return { action, profileFound: false };
  const { profileFound } = await setSmsOptOutByPhone({ phone, optOut: action === "opt_out" });
  return { action, profileFound };
}
