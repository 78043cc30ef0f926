import "server-only";
import { sql } from "drizzle-orm";
import { type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { appMetrics } from "@/server/ops/metrics";
import { playerTimeZoneSql, quietUntilByZone, quietUntilSql } from "../quiet-hours-sql";
import { PACK_OPEN_TEXT } from "../text-kinds";

/**
 * Everyone subscribed to the pack's league, one of its teams or one of its series, without
 * opt-out; once each (docs/PRODUCT.md §9). One SQL source for the count the admin sees before
 * opening a pack and for the texts queued when it opens.
 */
const recipients = (packId: string, league: string) => sql`
  select distinct p.id as profile_id, p.phone, p.time_zone
  from subscriptions s
  join profiles p on p.id = s.profile_id
  where s.category = 'pack_open'
    and not p.sms_opt_out
    and p.phone is not null
    and (s.scope_key = ${`league:${league}`}
         or s.team_id in (select e.home_team_id from pack_events pe join events e on e.id = pe.event_id where pe.pack_id = ${packId}
                          union
                          select e.away_team_id from pack_events pe join events e on e.id = pe.event_id where pe.pack_id = ${packId})
         or s.series_id in (select sp.series_id from series_packs sp where sp.pack_id = ${packId}))`;

/** How many players a pack-open text for this pack would go to now. */
export async function countPackOpenRecipients(db: DbOrTx, pack: { id: string; league: string }): Promise<number> {
  const [row] = await selectRows(
    db,
    sql`select count(*)::int as n from (${recipients(pack.id, pack.league)}) r`,
    rowShape((r) => ({ n: r.int("n") })),
  );
  return Number(row?.n ?? 0);
}

/** Whether a player can still pick a prop of the pack: one is open and not past its own close time. */
export async function hasPickableProp(db: DbOrTx, packId: string, now: Date): Promise<boolean> {
  const [row] = await selectRows(
    db,
    sql`select exists (select 1 from props pr
                       where pr.pack_id = ${packId} and pr.status = 'open'
                         and (pr.close_time is null or pr.close_time > ${now.toISOString()}::timestamptz)) as ok`,
    rowShape((r) => ({ ok: r.bool("ok") })),
  );
  return row?.ok === true;
}

/**
 * Queues the text to every recipient in one statement (a league may have 100,000 subscribers).
 * The dedupe key `pack_open:{packId}:{profileId}` makes it once per pack and player ever, across
 * the opening request, the periodic task and machines. A player in quiet hours gets it at 8 am
 * their time, unless the pack has closed by then (docs/decisions/072-reminders-and-quiet-hours.md);
 * `body` as a function words the text for when it goes out (the default wording's time left).
 * Returns how many texts were queued.
 */
export async function queuePackOpenTextToRecipients(
  db: DbOrTx,
  pack: { id: string; league: string },
  body: string | ((sentAt: Date) => string),
  now = new Date(),
): Promise<number> {
  const bodyNow = typeof body === "string" ? body : body(now);
  // One wording per zone that is in quiet hours now (at most the seven zones a player can have).
  const heldBodies =
    typeof body === "string" ? {} : Object.fromEntries([...(await quietUntilByZone(db, now))].map(([zone, until]) => [zone, body(until)]));
  const [row] = await selectRows(
    db,
    sql`with queued as (
          insert into sms_outbox (to_phone, body, kind, profile_id, dedupe_key, status, pack_id, expires_at, not_before, next_attempt_at)
          select h.phone, coalesce(${JSON.stringify(heldBodies)}::jsonb ->> h.zone, ${bodyNow}), ${PACK_OPEN_TEXT}, h.profile_id, 'pack_open:' || ${pack.id} || ':' || h.profile_id, 'pending',
                 ${pack.id}::uuid, (select close_time from packs where id = ${pack.id}), h.until, coalesce(h.until, now())
          from (select z.*, ${quietUntilSql(sql`z.zone`, now)} as until
                from (select r.*, ${playerTimeZoneSql(sql`r.time_zone`, sql`r.phone`)} as zone
                      from (${recipients(pack.id, pack.league)}) r) z) h
          on conflict (dedupe_key) do nothing
          returning kind, not_before
        )
        select count(*)::int as n, count(not_before)::int as held from queued`,
    rowShape((r) => ({ n: r.int("n"), held: r.int("held") })),
  );
  if (row?.held) appMetrics().textsHeld.inc({ kind: PACK_OPEN_TEXT }, row.held);
  return Number(row?.n ?? 0);
}
