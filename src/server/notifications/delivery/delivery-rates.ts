import "server-only";
import { sql } from "drizzle-orm";
import type { DeliveryRateRow } from "@/domain/sms-delivery";
import { addDays, nyDay, nyDayBounds } from "@/domain/time";
import { serverEnv } from "@/env";
import { getDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { DAILY_CEILING_REASON, dailySegmentCeiling } from "./daily-spend";

/** How many days the admin's delivery rates cover, today included. */
export const DELIVERY_RATE_DAYS = 14;

export interface DeliveryRates {
  rows: DeliveryRateRow[];
  /** Segments handed over and texts the ceiling held back, per day (newest first). */
  spend: Array<{ day: string; segments: number; refused: number }>;
  ceilingSegments: number | null;
  segmentPriceCents: number;
}

/**
 * Texts of the last 14 days (America/New_York) per day and kind: handed over, and what the carrier
 * said of them (docs/decisions/071-delivery-on-the-record.md). Bounded by the created_at index;
 * at most 14 days times the handful of kinds come back.
 */
export async function listDeliveryRates(options: { now?: Date } = {}): Promise<DeliveryRates> {
  const db = await getDb();
  const today = nyDay(options.now ?? new Date());
  const firstDay = addDays(today, -(DELIVERY_RATE_DAYS - 1));
  const since = nyDayBounds(firstDay).start.toISOString();
  const [rows, spend] = await Promise.all([
    selectRows(
      db,
      sql`select to_char(o.created_at at time zone 'America/New_York', 'YYYY-MM-DD') as day, o.kind,
                 count(*) filter (where o.status = 'sent')::int as sent,
                 count(*) filter (where o.delivery_status = 'delivered')::int as delivered,
                 count(*) filter (where o.delivery_status = 'undelivered')::int as undelivered,
                 count(*) filter (where o.delivery_status = 'failed')::int as failed,
                 count(*) filter (where o.status = 'sent' and (o.delivery_status is null or o.delivery_status in ('queued', 'sending', 'sent')))::int as awaiting,
                 count(*) filter (where o.status = 'skipped'
                                    and (o.last_error = ${DAILY_CEILING_REASON} or o.last_error like 'number could not be texted%'))::int as held_back
          from sms_outbox o
          where o.created_at >= ${since}::timestamptz
          group by 1, 2
          order by 1 desc, 2`,
      rowShape((r): DeliveryRateRow => ({
        day: r.text("day"),
        kind: r.text("kind"),
        sent: r.int("sent"),
        delivered: r.int("delivered"),
        undelivered: r.int("undelivered"),
        failed: r.int("failed"),
        awaiting: r.int("awaiting"),
        heldBack: r.int("held_back"),
      })),
    ),
    selectRows(
      db,
      sql`select day::text as day, segments, refused from sms_daily_spend
          where day >= ${firstDay}::date and day <= ${today}::date order by day desc`,
      rowShape((r) => ({ day: r.text("day"), segments: r.int("segments"), refused: r.int("refused") })),
    ),
  ]);
  return { rows, spend, ceilingSegments: dailySegmentCeiling(), segmentPriceCents: serverEnv().SMS_SEGMENT_PRICE_CENTS };
}
