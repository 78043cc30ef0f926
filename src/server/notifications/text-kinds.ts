/** Kinds of outgoing text; the outbox stores them in `sms_outbox.kind`. */
export const LOGIN_CODE_TEXT = "login_code";
export const PACK_OPEN_TEXT = "pack_open";
export const PACK_REMINDER_TEXT = "pack_reminder";
export const H2H_CHALLENGE_TEXT = "h2h_challenge";

/**
 * Texts whose outbox copy is redacted (a sign-in code is stored only as a
 * hash), so they are sent once, at once, and never re-sent from the outbox.
 */
export const SEND_ONCE_KINDS: readonly string[] = [LOGIN_CODE_TEXT];

/**
 * Texts the player did not ask for at that moment: held through quiet hours (9 pm to 8 am their
 * time) and dropped when their moment passed meanwhile. Every other kind (sign-in codes, the
 * receipt of a submitted pack, results, grade corrections, a commissioner's pick fix) answers
 * something the player did or is owed, and is never held (the table in
 * docs/decisions/072-reminders-and-quiet-hours.md).
 */
export const QUIET_HOURS_KINDS: readonly string[] = [PACK_OPEN_TEXT, PACK_REMINDER_TEXT, H2H_CHALLENGE_TEXT];
