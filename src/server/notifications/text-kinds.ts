/** Kinds of outgoing text; the outbox stores them in `sms_outbox.kind`. */
export const LOGIN_CODE_TEXT = "login_code";

/**
 * Texts whose outbox copy is redacted (a sign-in code is stored only as a
 * hash), so they are sent once, at once, and never re-sent from the outbox.
 */
export const SEND_ONCE_KINDS: readonly string[] = [LOGIN_CODE_TEXT];
