import "server-only";
import { toE164 } from "@/domain/phone";
import { getDb } from "@/server/db/client";
import { inboundSmsMessages } from "@/server/db/schema";
import { setSmsOptOut } from "./set-sms-opt-out";

// Carrier-standard keywords (Twilio's defaults): any of these as the whole message.
const OPT_OUT = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "OPTOUT", "REVOKE"]);
const OPT_IN = new Set(["START", "YES", "UNSTOP", "OPTIN"]);

export type InboundSmsAction = "opt_out" | "opt_in" | "ignored";

export function inboundSmsAction(body: string): InboundSmsAction {
  const word = body
    .trim()
    .toUpperCase()
    .replace(/[^A-Z]/g, "");
  if (OPT_OUT.has(word)) return "opt_out";
  if (OPT_IN.has(word)) return "opt_in";
  return "ignored";
}

/**
 * A reply from a phone: STOP pauses every text to its profile, START resumes
 * them; anything else is ignored. Each message (Twilio's MessageSid) is acted
 * on once: the sid is recorded in the same transaction as the change, so a
 * replayed or retried webhook is a no-op (migration 0012).
 */
export async function handleInboundSms({
  from,
  body,
  messageSid,
}: {
  from: string;
  body: string;
  messageSid: string;
}): Promise<{ action: InboundSmsAction; profileFound: boolean; replay: boolean }> {
  const action = inboundSmsAction(body);
  const phone = toE164(from);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const first = await tx
      .insert(inboundSmsMessages)
      .values({ messageSid })
      .onConflictDoNothing()
      .returning({ sid: inboundSmsMessages.messageSid });
    if (first.length === 0) return { action, profileFound: false, replay: true };
    if (action === "ignored" || !phone) return { action, profileFound: false, replay: false };
    const { profileFound } = await setSmsOptOut({ phone, optOut: action === "opt_out", db: tx });
    return { action, profileFound, replay: false };
  });
}
