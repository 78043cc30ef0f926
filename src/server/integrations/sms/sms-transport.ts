/** One outgoing text as the transport sees it: the real body, never a redacted copy. */
export interface SmsMessage {
  /** E.164, e.g. +15555550100. */
  to: string;
  body: string;
}

export interface SmsDelivery {
  /** The provider's id for the message (Twilio's SID), when there is one. */
  providerMessageId: string | null;
}

/**
 * Where texts leave the system. Implementations throw when a message could not
 * be handed over; they never log a message body except the log transport,
 * whose job is exactly that.
 */
export interface SmsTransport {
  readonly name: "log" | "twilio";
  send(message: SmsMessage): Promise<SmsDelivery>;
}
