/**
 * The order the outbox sends in (docs/decisions/073-paced-outbox.md): sign-in codes first, then
 * results and other texts a player is waiting for, then reminders, then openings and anything
 * else. Lower is sooner. The database derives `sms_outbox.priority` from `kind` with the same
 * rule (textPrioritySql), so every way a row is queued, raw SQL included, gets its priority.
 */
export const TEXT_PRIORITY = { code: 0, result: 1, reminder: 2, opening: 3 } as const;

/** Texts a player is waiting for: results, corrections, receipts, a challenge from a friend. */
export const RESULT_TEXT_KINDS: readonly string[] = ["pack_graded", "grade_correction", "pack_submitted", "pick_fix", "h2h_challenge"];

/** The priority of a text of `kind` (a reminder is any kind that names itself one). */
export function textPriority(kind: string): number {
  if (kind === "login_code") return TEXT_PRIORITY.code;
  if (RESULT_TEXT_KINDS.includes(kind)) return TEXT_PRIORITY.result;
  if (kind.includes("reminder")) return TEXT_PRIORITY.reminder;
  return TEXT_PRIORITY.opening;
}

/** textPriority as SQL over the `kind` column, for the generated column. */
export function textPrioritySql(): string {
  const results = RESULT_TEXT_KINDS.map((kind) => `'${kind}'`).join(", ");
  return (
    `case when kind = 'login_code' then ${TEXT_PRIORITY.code} when kind in (${results}) then ${TEXT_PRIORITY.result} ` +
    `when kind like '%reminder%' then ${TEXT_PRIORITY.reminder} else ${TEXT_PRIORITY.opening} end`
  );
}

/** The kind whose rows make a blast: one pack opening's texts, keyed by the pack (`pack_open:{packId}:{profileId}`). */
export const BLAST_TEXT_KIND = "pack_open";
