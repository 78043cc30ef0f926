import "server-only";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { smsSegments } from "@/domain/sms-delivery";
import { nyDay } from "@/domain/time";
import { serverEnv } from "@/env";
import { getDb, type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { profiles, smsOutbox } from "@/server/db/schema";
import { LOGIN_CODE_TEXT } from "../text-kinds";

/**
 * Texts that go out whatever the day's spend (docs/decisions/071-delivery-on-the-record.md): a
 * sign-in code, and what the player's own play asked for (the receipt of their picks, their
 * results, a correction or a fix of their pick). Every other kind, and any kind added later
 * until it is listed here, stops at the ceiling.
 */
const ESSENTIAL_KINDS: ReadonlySet<string> = new Set([LOGIN_CODE_TEXT, "pack_submitted", "pack_graded", "grade_correction", "pick_fix"]);

export const isEssentialText = (kind: string) => ESSENTIAL_KINDS.has(kind);

/** The day's ceiling in segments, or null when none is configured. */
export function dailySegmentCeiling(): number | null {
  const env = serverEnv();
  if (env.SMS_DAILY_CEILING_CENTS === undefined) return null;
  return Math.floor(env.SMS_DAILY_CEILING_CENTS / env.SMS_SEGMENT_PRICE_CENTS);
}

/**
 * Counts `body`'s segments against its day, and says whether it may go. One statement on the
 * day's one row: an essential text always adds; any other adds only while the total stays within
 * the ceiling (the upsert's row lock orders parallel workers, so two never both take the last
 * segments). A refused text is counted as held back on that row.
 */
export async function spendOnText(db: DbOrTx, text: { kind: string; body: string }, now: Date): Promise<boolean> {
  const day = nyDay(now);
  const segments = smsSegments(text.body);
  const ceiling = isEssentialText(text.kind) ? null : dailySegmentCeiling();
  if (ceiling === null) {
    await db.execute(
      sql`insert into sms_daily_spend as s (day, segments) values (${day}, ${segments})
          on conflict (day) do update set segments = s.segments + excluded.segments`,
    );
    return true;
  }
  const admitted = await selectRows(
    db,
    sql`insert into sms_daily_spend as s (day, segments)
        select ${day}, ${segments}::int where ${segments}::int <= ${ceiling}::int
        on conflict (day) do update set segments = s.segments + excluded.segments
          where s.segments + excluded.segments <= ${ceiling}::int
        returning s.segments`,
    rowShape((r) => ({ segments: r.int("segments") })),
  );
  if (admitted.length > 0) return true;
  await db.execute(
    sql`insert into sms_daily_spend as s (day, refused) values (${day}, 1)
        on conflict (day) do update set refused = s.refused + 1`,
  );
  return false;
}

/**
 * The delivery task's check before a queued text's first send: a text to a number marked
 * undeliverable since it was queued is recorded `skipped`; past the day's ceiling a
 * non-essential text is recorded `skipped`, with the reason, and not sent (not kept for the next
 * day: an opening or a challenge a day late is worth less than the surprise of a morning blast).
 */
export async function admitQueuedText(text: { id: string; kind: string; body: string; toPhone: string }, now: Date): Promise<boolean> {
  const db = await getDb();
  // A text queued before its number was marked undeliverable is not sent either (the insert trigger catches later ones).
  const [marked] = await db
    .select({ reason: profiles.smsUndeliverableReason })
    .from(profiles)
    .where(and(eq(profiles.phone, text.toPhone), isNotNull(profiles.smsUndeliverableAt)))
    .limit(1);
  const refusal = marked ? `number could not be texted (carrier error ${marked.reason ?? "unknown"})` : null;
  if (!refusal && (await spendOnText(db, text, now))) return true;
  await db
    .update(smsOutbox)
    .set({ status: "skipped", lastError: refusal ?? DAILY_CEILING_REASON })
    .where(eq(smsOutbox.id, text.id));
  return false;
}

export const DAILY_CEILING_REASON = "daily text spending ceiling reached";
