/**
 * What the carrier says of a text once it left us, and what that means for the player
 * (docs/decisions/071-delivery-on-the-record.md).
 */

/** The delivery ledger's states, in the order a text moves through them. */
export const DELIVERY_STATUSES = ["queued", "sending", "sent", "delivered", "undelivered", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** How far along a status is: a callback moves a text only to a higher rank; the three ends share the last. */
export const DELIVERY_RANK: Record<DeliveryStatus, number> = { queued: 1, sending: 2, sent: 3, delivered: 4, undelivered: 4, failed: 4 };

/**
 * Twilio's MessageStatus as our ledger keeps it, or null for one we do not record (an inbound
 * message's `receiving`/`received`, or a word we do not know). `accepted` and `scheduled` are a
 * messaging service's forms of queued; `read` (WhatsApp, RCS) is a delivered text; `canceled` (a
 * scheduled text called off) never reached the phone, so it counts as failed.
 */
export function deliveryStatusOf(twilioStatus: string): DeliveryStatus | null {
  switch (twilioStatus.trim().toLowerCase()) {
    case "accepted":
    case "scheduled":
    case "queued":
      return "queued";
    case "sending":
      return "sending";
    case "sent":
      return "sent";
    case "delivered":
    case "read":
      return "delivered";
    case "undelivered":
      return "undelivered";
    case "failed":
    case "canceled":
      return "failed";
    default:
      return null;
  }
}

/**
 * Carrier error codes that say the number itself cannot take our texts, so texting it again is
 * money spent for nothing (and, for 21610, against the player's own STOP at the carrier):
 * 21211 not a valid phone number; 21610 the number replied STOP to our sender (Twilio refuses
 * until START); 21614 not a mobile number; 30004 the handset or carrier blocks messages to it;
 * 30005 unknown or inactive number; 30006 a landline or a carrier that cannot take texts.
 * Not listed, because they pass: 30003 (phone off or out of reach), 30007 (carrier filtering,
 * about the message, not the number), 30008 (unknown error), 30001/30002 (our queue or account).
 */
export const PERMANENT_FAILURE_CODES: ReadonlySet<number> = new Set([21211, 21610, 21614, 30004, 30005, 30006]);

/** Whether a final status with this error code marks the number as one we stop texting. */
export const isPermanentFailure = (status: DeliveryStatus, errorCode: number | null): boolean =>
  (status === "undelivered" || status === "failed") && errorCode !== null && PERMANENT_FAILURE_CODES.has(errorCode);

/** Words for the player: why their texts stopped, from the carrier's code. */
export function undeliverableReasonWords(reason: string | null): string {
  switch (reason) {
    case "30006":
    case "21614":
      return "the number looks like a landline or a line that cannot receive texts";
    case "30004":
      return "the phone or its carrier is blocking our texts";
    case "21610":
      return "the number replied STOP to our texts at the carrier";
    default:
      return "the carrier says the number is unknown or not in service";
  }
}

// The GSM 03.38 basic set and its extension (each extension character takes two septets).
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENSION = "^{}\\[~]|€\f";

/**
 * How many segments a carrier bills for `body`: GSM-7 text fits 160 septets in one segment and
 * 153 per segment when split; anything else is UCS-2, 70 characters alone or 67 per segment
 * (counted in UTF-16 units, as the carriers do).
 */
export function smsSegments(body: string): number {
  let septets = 0;
  let gsm = true;
  for (const char of body) {
    if (GSM_BASIC.includes(char)) septets += 1;
    else if (GSM_EXTENSION.includes(char)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) return septets <= 160 ? 1 : Math.ceil(septets / 153);
  const units = body.length;
  return units <= 70 ? 1 : Math.ceil(units / 67);
}

/** A US number as a player recognises it without showing it whole: (•••) •••-1234. */
export const maskedPhone = (e164: string): string => `(•••) •••-${e164.slice(-4)}`;

/** What the owner's profile shows while their number is marked (src/components/profile/sms-delivery-notice.tsx). */
export interface SmsDeliveryNotice {
  /** (•••) •••-1234 */
  maskedPhone: string;
  /** ISO time the number was marked. */
  since: string;
  /** Why, in the player's words (undeliverableReasonWords). */
  why: string;
}

/** One row of the admin's delivery rates: a kind of text on one day (America/New_York). */
export interface DeliveryRateRow {
  day: string;
  kind: string;
  /** Handed to the carrier (the outbox's `sent`). */
  sent: number;
  delivered: number;
  undelivered: number;
  failed: number;
  /** Sent with no final word from the carrier yet. */
  awaiting: number;
  /** Held back by the daily ceiling or a marked number (`skipped` for those reasons). */
  heldBack: number;
}

/** Delivered as a share of the texts the carrier gave a final word on, or null when none has. */
export function deliveredShare(row: Pick<DeliveryRateRow, "delivered" | "undelivered" | "failed">): number | null {
  const settled = row.delivered + row.undelivered + row.failed;
  return settled === 0 ? null : row.delivered / settled;
}
