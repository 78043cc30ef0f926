import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { uuidList } from "@/server/db/uuid-list";
import { log } from "@/server/ops/log";
import { appMetrics } from "@/server/ops/metrics";
import { rewordForSendTime } from "@/domain/text-rewording";
import { serverEnv } from "@/env";
import { playerTimeZoneSql, quietUntilSql } from "./quiet-hours-sql";
import { PACK_REMINDER_TEXT, QUIET_HOURS_KINDS } from "./text-kinds";

/**
 * Why a claimed text is dropped instead of sent; the words go to its `last_error`
 * (docs/decisions/072-reminders-and-quiet-hours.md).
 */
export const DROP_REASONS = {
  expired: "not sent: its moment passed (the pack closed) before it could go out",
  opted_out: "recipient opted out of texts",
  completed: "not sent: nothing left to pick in the pack (the player picked every open prop)",
} as const;
type DropReason = keyof typeof DROP_REASONS;
const isDropReason = (value: string): value is DropReason => Object.hasOwn(DROP_REASONS, value);

/**
 * `q.until`: when quiet hours end where the recipient of the text `o` is, if it is now quiet there
 * and the text is of a kind held through them; else null (docs/decisions/072-reminders-and-quiet-hours.md).
 */
function quietHoursJoin(now: Date) {
  return sql`left join profiles rp on rp.id = o.profile_id
             cross join lateral (
               select case when o.kind in (${sql.join(
                 QUIET_HOURS_KINDS.map((kind) => sql`${kind}`),
                 sql`, `,
               )}) then ${quietUntilSql(playerTimeZoneSql(sql`rp.time_zone`, sql`o.to_phone`), now)} end as until
             ) q`;
}

/**
 * The texts to send now and those to hold back, decided just before they go out
 * (docs/decisions/072-reminders-and-quiet-hours.md): first those no longer wanted are dropped,
 * then the promotional ones claimed in quiet hours are held for the morning. Returns the ids not
 * to send now.
 */
export async function checkTextsAtSendTime(db: DbOrTx, texts: ReadonlyArray<{ id: string }>, now: Date): Promise<Set<string>> {
  const dropped = await dropTextsNoLongerWanted(db, texts, now);
  const held = await holdTextsForQuietHours(
    db,
    texts.filter((text) => !dropped.has(text.id)),
    now,
  );
  return new Set([...dropped, ...held]);
}

/**
 * A pack opening, reminder or challenge is held when it is queued in quiet hours, but one queued
 * at 8:55 pm may be claimed after 9 (the tail of an opening paced at the account's rate, or a
 * retry): it goes back to waiting for 8 am there, its time left said again for then, and its claim
 * is not counted as an attempt. Returns the ids held.
 */
async function holdTextsForQuietHours(db: DbOrTx, texts: ReadonlyArray<{ id: string }>, now: Date): Promise<Set<string>> {
  if (texts.length === 0 || !serverEnv().QUIET_HOURS) return new Set();
  const due = await selectRows(
    db,
    sql`select o.id, o.kind, o.body, pk.close_time, q.until
        from sms_outbox o
        ${quietHoursJoin(now)}
        left join packs pk on pk.id = o.pack_id
        where o.id in (${uuidList(texts.map((text) => text.id))}) and q.until is not null`,
    rowShape((r) => ({
      id: r.text("id"),
      kind: r.text("kind"),
      body: r.text("body"),
      closeTime: r.dateOrNull("close_time"),
      until: r.date("until"),
    })),
  );
  if (due.length === 0) return new Set();
  await db.execute(sql`
    update sms_outbox o
    set status = 'pending', not_before = h.until, next_attempt_at = h.until, body = h.body, attempts = greatest(o.attempts - 1, 0)
    from (values ${sql.join(
      due.map(
        (text) =>
          sql`(${text.id}::uuid, ${text.until.toISOString()}::timestamptz, ${rewordForSendTime(text.kind, text.body, text.closeTime, text.until)}::text)`,
      ),
      sql`, `,
    )}) as h(id, until, body)
    where o.id = h.id`);
  for (const text of due) {
    appMetrics().textsHeld.inc({ kind: text.kind });
    log("info", "queued text held for quiet hours at send time", { outboxId: text.id, kind: text.kind, until: text.until.toISOString() });
  }
  return new Set(due.map((text) => text.id));
}

/**
 * The checks made again just before texts go out, since a text may wait hours after it was
 * queued (quiet hours, retries): a text past its `expires_at`, one to a player who has since
 * replied STOP, and a pack reminder to a player with nothing left to pick are marked `skipped`
 * with the reason and counted, in one statement. Returns the ids dropped; the caller sends the rest.
 */
async function dropTextsNoLongerWanted(db: DbOrTx, texts: ReadonlyArray<{ id: string }>, now: Date): Promise<Set<string>> {
  if (texts.length === 0) return new Set();
  const at = sql`${now.toISOString()}::timestamptz`;
  const dropped = await selectRows(
    db,
    sql`with verdict as (
          select o.id,
                 case when o.expires_at is not null and o.expires_at <= ${at} then 'expired'
                      -- Claimed in quiet hours (a retry, or the tail of a paced blast) and pointless by the morning.
                      when o.expires_at is not null and o.expires_at <= q.until then 'expired'
                      when exists (select 1 from profiles p where p.id = o.profile_id and p.sms_opt_out)
                        or exists (select 1 from profiles p where p.phone = o.to_phone and p.sms_opt_out) then 'opted_out'
                      when o.kind = ${PACK_REMINDER_TEXT}
                        and not exists (select 1 from props pr
                                        where pr.pack_id = o.pack_id and pr.status = 'open'
                                          and (pr.close_time is null or pr.close_time > ${at})
                                          and not exists (select 1 from takes t
                                                          where t.prop_id = pr.id and t.profile_id = o.profile_id and t.is_current))
                        then 'completed'
                 end as reason
          from sms_outbox o
          ${quietHoursJoin(now)}
          where o.id in (${uuidList(texts.map((text) => text.id))})
        )
        update sms_outbox o
        set status = 'skipped',
            last_error = case v.reason when 'expired' then ${DROP_REASONS.expired}
                                       when 'opted_out' then ${DROP_REASONS.opted_out}
                                       else ${DROP_REASONS.completed} end
        from verdict v
        where v.id = o.id and v.reason is not null
        returning o.id, o.kind, v.reason`,
    rowShape((r) => ({ id: r.text("id"), kind: r.text("kind"), reason: r.text("reason") })),
  );
  for (const row of dropped) {
    if (!isDropReason(row.reason)) continue;
    appMetrics().textsDropped.inc({ kind: row.kind, reason: row.reason });
    log("info", "queued text dropped at send time", { outboxId: row.id, kind: row.kind, reason: row.reason });
  }
  return new Set(dropped.map((row) => row.id));
}
