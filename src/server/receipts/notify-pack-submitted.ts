import "server-only";
import { sql } from "drizzle-orm";
import { isPackURL, isReceiptId, packLink, packSubmittedText } from "@/domain/share";
import { serverEnv } from "@/env";
import { getDb, type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { smsOutbox } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import type { NotifyPackSubmittedResult } from "@/domain/schemas/play";

/**
 * Queues one "pack submitted" text to the receipt's owner (only the owner may
 * ask), listing the takes and the pack link. Once per receipt (dedupe key);
 * nothing is queued for a player who opted out of texts.
 */
export async function notifyPackSubmitted(input: {
  profileId: string;
  packURL: string;
  receiptId: string;
  origin?: string;
}): Promise<NotifyPackSubmittedResult> {
  if (!isPackURL(input.packURL) || !isReceiptId(input.receiptId)) throw new AppError("NOT_FOUND", "Could not resolve receipt");
  const db = await getDb();
  const [receipt] = await selectRows(
    db,
    sql`select r.profile_id, pr.phone, pr.sms_opt_out, p.title, p.pack_url, pr.handle
        from receipts r join packs p on p.id = r.pack_id join profiles pr on pr.id = r.profile_id
        where r.id = ${input.receiptId} and p.pack_url = ${input.packURL} limit 1`,
    rowShape((r) => ({
      profile_id: r.text("profile_id"),
      phone: r.textOrNull("phone"),
      sms_opt_out: r.bool("sms_opt_out"),
      title: r.text("title"),
      pack_url: r.text("pack_url"),
      handle: r.text("handle"),
    })),
  );
  if (!receipt) throw new AppError("NOT_FOUND", "Could not resolve receipt");
  if (receipt.profile_id !== input.profileId) throw new AppError("FORBIDDEN", "This is not your receipt.");
  // A deleted account has no number to text (decision 057).
  if (receipt.sms_opt_out || !receipt.phone) return { queued: false };

  const sentences = await selectRows(
    db,
    sql`select case when t.side = 'A' then pr.side_a_take else pr.side_b_take end as statement
        from receipts r
        join takes t on t.profile_id = r.profile_id and t.pack_id = r.pack_id
         and t.created_at <= r.created_at and (t.overwritten_at is null or t.overwritten_at > r.created_at)
        join props pr on pr.id = t.prop_id
        where r.id = ${input.receiptId}
        order by pr.position, pr.created_at`,
    rowShape((r) => ({ statement: r.text("statement") })),
  );
  const link = packLink(input.origin ?? serverEnv().NEXTAUTH_URL, receipt.pack_url, { ref: receipt.handle });
  const queued = await queueOutboxText(db, {
    to: receipt.phone,
    body: packSubmittedText(
      receipt.title,
      sentences.map((s) => s.statement),
      link,
    ),
    kind: "pack_submitted",
    profileId: receipt.profile_id,
    dedupeKey: `pack_submitted:${input.receiptId}`,
  });
  return { queued };
}

// The shared outbox API (queueText in src/server/notifications) had not landed
// when this was written; this writes the same outbox row it would, and the
// outbox worker delivers it through the configured transport.
async function queueOutboxText(
  db: DbOrTx,
  text: { to: string; body: string; kind: string; profileId: string; dedupeKey: string },
): Promise<boolean> {
  const inserted = await db
    .insert(smsOutbox)
    .values({ toPhone: text.to, body: text.body, kind: text.kind, profileId: text.profileId, dedupeKey: text.dedupeKey })
    .onConflictDoNothing({ target: smsOutbox.dedupeKey })
    .returning({ id: smsOutbox.id });
  return inserted.length === 1;
}
