import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { TEXT_PRIORITY } from "@/domain/text-priority";
import type { OutboxOverview } from "@/domain/schemas/outbox";
import { effectiveRatePerSecond, sendRates, sentToday } from "./send-budget";

/**
 * What the admin sees of the outbox (docs/decisions/073-paced-outbox.md): the texts waiting by
 * kind, the rate, and each blast in flight (a pack opening with texts waiting or paused) with
 * when its last text should go out: the waiting texts the claim takes before it (sooner
 * priorities, then openings due no later) divided by the rate.
 */
export async function getOutboxOverview(now = new Date()): Promise<OutboxOverview> {
  const db = await getDb();
  const rate = effectiveRatePerSecond();
  const ratePerDay = Math.min(...sendRates().map((r) => r.perDay));
  const depth = await selectRows(
    db,
    sql`select kind, min(priority)::int as priority,
               count(*) filter (where status <> 'paused')::int as waiting, count(*) filter (where status = 'paused')::int as paused
        from (select kind, priority, status from sms_outbox where status in ('pending', 'sending') and kind <> 'login_code'
              union all select kind, priority, status from sms_outbox where blast_id is not null and status = 'paused') o
        group by kind order by 2, 1`,
    rowShape((r) => ({ kind: r.text("kind"), priority: r.int("priority"), waiting: r.int("waiting"), paused: r.int("paused") })),
  );
  const blasts = await selectRows(
    db,
    sql`with live as (
          select distinct blast_id from sms_outbox where blast_id is not null and status in ('pending', 'paused')
        ), counted as (
          select o.blast_id,
                 count(*) filter (where o.status in ('pending', 'sending'))::int as waiting,
                 count(*) filter (where o.status = 'paused')::int as paused,
                 count(*) filter (where o.status = 'sent')::int as sent,
                 count(*) filter (where o.status = 'skipped' and o.last_error = ${CANCELLED})::int as cancelled,
                 max(o.next_attempt_at) filter (where o.status = 'pending') as last_due
          from sms_outbox o join live using (blast_id)
          group by o.blast_id
        )
        select c.*, p.title,
               (select count(*)::int from sms_outbox a
                where a.status in ('pending', 'sending') and a.kind <> 'login_code'
                  and (a.priority < ${TEXT_PRIORITY.opening} or a.next_attempt_at <= c.last_due)) as ahead
        from counted c left join packs p on p.id::text = c.blast_id
        order by c.blast_id`,
    rowShape((r) => ({
      packId: r.text("blast_id"),
      title: r.textOrNull("title"),
      waiting: r.int("waiting"),
      paused: r.int("paused"),
      sent: r.int("sent"),
      cancelled: r.int("cancelled"),
      ahead: r.int("ahead"),
    })),
  );
  const today = await sentToday(db);
  return {
    ratePerSecond: rate,
    ratePerDay,
    sentToday: today,
    depth,
    blasts: blasts.map(({ ahead, ...blast }) => ({
      ...blast,
      finishesAt: blast.waiting > 0 ? new Date(now.getTime() + Math.ceil((ahead / rate) * 1000)).toISOString() : null,
      pastTodaysLimit: blast.waiting > 0 && today + ahead > ratePerDay,
    })),
  };
}

/** The reason a cancelled blast's texts carry (`last_error` of their skipped rows). */
export const CANCELLED = "cancelled by an admin";
