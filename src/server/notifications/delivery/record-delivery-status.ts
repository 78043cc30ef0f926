import "server-only";
import { sql } from "drizzle-orm";
import { DELIVERY_RANK, isPermanentFailure, type DeliveryStatus } from "@/domain/sms-delivery";
import { getDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { log } from "@/server/ops/log";

/** The rank of a delivery status column in SQL (0 while none was recorded), from the one table in src/domain. */
const rankOf = (column: string) =>
  sql.raw(
    `case ${column} ${Object.entries(DELIVERY_RANK)
      .map(([status, rank]) => `when '${status}' then ${rank}`)
      .join(" ")} else 0 end`,
  );

export interface DeliveryReport {
  /** Twilio's MessageSid: the outbox row's provider_message_id. */
  messageSid: string;
  status: DeliveryStatus;
  /** The carrier's ErrorCode, with an undelivered or failed text. */
  errorCode: number | null;
  now?: Date;
}

/**
 * Moves the text Twilio names to `status`, only forward (docs/decisions/071-delivery-on-the-record.md):
 * callbacks arrive out of order and twice, so a late `sent` after `delivered` changes nothing. One
 * statement: the row's lock orders parallel callbacks, and PostgreSQL checks the rank again on the
 * row as the earlier one left it. A final failure with a permanent error code marks the number
 * (unless the player proved it after that text was queued, by signing in with a code).
 */
export async function recordDeliveryStatus(
  report: DeliveryReport,
): Promise<{ known: boolean; moved: boolean; markedUndeliverable: boolean }> {
  const db = await getDb();
  const now = (report.now ?? new Date()).toISOString();
  const permanent = isPermanentFailure(report.status, report.errorCode);
  const [row] = await selectRows(
    db,
    sql`with moved as (
          update sms_outbox o
          set delivery_status = ${report.status},
              delivery_error_code = coalesce(${report.errorCode}::int, o.delivery_error_code),
              delivered_at = case when ${report.status}::text = 'delivered' then ${now}::timestamptz else o.delivered_at end,
              delivery_updated_at = ${now}::timestamptz
          where o.provider_message_id = ${report.messageSid}
            and ${rankOf("o.delivery_status")} < ${DELIVERY_RANK[report.status]}
          returning o.id, o.to_phone, o.created_at
        ),
        marked as (
          update profiles p
          set sms_undeliverable_at = ${now}::timestamptz, sms_undeliverable_reason = ${String(report.errorCode)}
          from moved m
          where ${permanent}::boolean and p.phone = m.to_phone and p.sms_undeliverable_at is null
            and (p.sms_deliverable_at is null or p.sms_deliverable_at < m.created_at)
          returning p.id
        )
        select exists (select 1 from sms_outbox where provider_message_id = ${report.messageSid}) as known,
               (select count(*) from moved)::int as moved,
               (select count(*) from marked)::int as marked`,
    rowShape((r) => ({ known: r.bool("known"), moved: r.int("moved"), marked: r.int("marked") })),
  );
  const result = { known: row?.known === true, moved: (row?.moved ?? 0) > 0, markedUndeliverable: (row?.marked ?? 0) > 0 };
  if (result.markedUndeliverable) {
    log("warn", "number marked undeliverable: only sign-in codes are texted to it", { errorCode: report.errorCode });
  }
  return result;
}
