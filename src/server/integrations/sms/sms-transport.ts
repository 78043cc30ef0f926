/** One outgoing text as the transport sees it: the real body, never a redacted copy. */
export interface SmsMessage {
  /** E.164, e.g. +15555550100. */
  to: string;
  body: string;
  /** The outbox row's id, when the text comes from the outbox: how findSent recognises it later. */
  key?: string;
}

export interface SmsDelivery {
  /** The provider's id for the message (Twilio's SID), when there is one. */
  providerMessageId: string | null;
}

/**
 * A send that may have reached the far end though no answer came back (a timeout, a cut
 * connection): the text is "in doubt" and must be looked up before it is sent again
 * (docs/decisions/031-crash-safe-worker.md). A plain Error is a refusal the far end answered:
 * nothing was sent.
 */
export class SmsInDoubtError extends Error {}

/**
 * Where texts leave the system. Implementations throw when a message could not
 * be handed over; they never log a message body except the log transport,
 * whose job is exactly that.
 */
export interface SmsTransport {
  readonly name: "log" | "twilio";
  send(message: SmsMessage): Promise<SmsDelivery>;
  /**
   * Whether the far end already holds `message`, handed over at or after `since` (a send cut
   * short by a crash): its delivery when so, null when not. Throws when it cannot tell.
   */
  findSent(message: SmsMessage, since: Date): Promise<SmsDelivery | null>;
}
