import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { QUIET_END_HOUR, QUIET_START_HOUR, REMINDER_LEAD_MINUTES, US_TIME_ZONE_IDS } from "@/domain/quiet-hours";
import { getDb, type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { log } from "@/server/ops/log";
import { appMetrics } from "@/server/ops/metrics";
import { packLink } from "../pack-open/announce-pack-opening";
import { BEFORE_QUIET_MINUTES, lastCallBeforeQuietSql, playerTimeZoneSql, quietUntilSql } from "../quiet-hours-sql";
import { PACK_REMINDER_TEXT } from "../text-kinds";

/** A pack closing in quiet hours is reminded of by 8:50 pm the evening before (lastCallBeforeQuietSql): up to 11 hours more. */
const LONGEST_LEAD_MINUTES = Math.max(...REMINDER_LEAD_MINUTES) + ((24 - QUIET_START_HOUR + QUIET_END_HOUR) * 60 + BEFORE_QUIET_MINUTES);
/** Texts queued per statement, statements per pack and packs per run: a run's work is bounded whatever the season's size. */
const PAGE_SIZE = 1_000;
const PAGES_PER_PACK = 20;
const PACKS_PER_RUN = 50;

/** Packs a player can play whose reminders may be due: closing within the longest lead time, or at night after the evening's last call (packs_status_close_idx). */
async function findClosingPacks(db: DbOrTx, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  return selectRows(
    db,
    sql`select id, title, pack_url
        from packs
        where status in ('open', 'live', 'coming-soon')
          and (open_time <= ${at} or (open_time is null and status <> 'coming-soon'))
          and close_time > ${at}
          and close_time <= ${at} + make_interval(mins => ${sql.raw(String(LONGEST_LEAD_MINUTES))})
          -- Within the longest lead time, or past the evening's last call in some US zone where it closes at night.
          and (close_time <= ${at} + make_interval(mins => ${sql.raw(String(Math.max(...REMINDER_LEAD_MINUTES)))})
               or exists (select 1 from unnest(${`{${US_TIME_ZONE_IDS.join(",")}}`}::text[]) as z(zone)
                          where ${lastCallBeforeQuietSql(sql`close_time`, sql`z.zone`)} <= ${at}))
        order by close_time
        limit ${sql.raw(String(PACKS_PER_RUN))}`,
    rowShape((r) => ({ id: r.text("id"), title: r.text("title"), pack_url: r.text("pack_url") })),
  );
}

/** SQL words for the time from `at` to `close`, to the nearest 5 minutes: "1 hour", "30 minutes", "2 hours 15 minutes". */
function timeLeftWordsSql(close: SQL, at: SQL): SQL {
  const minutes = sql`greatest(5, (round(extract(epoch from (${close} - ${at})) / 300) * 5)::int)`;
  const unit = (n: SQL, word: string) => sql`${n} || ' ' || ${word} || case when ${n} = 1 then '' else 's' end`;
  const hours = sql`(${minutes} / 60)`;
  const rest = sql`(${minutes} % 60)`;
  return sql`(case when ${hours} = 0 then ${unit(rest, "minute")}
                   when ${rest} = 0 then ${unit(hours, "hour")}
                   else ${unit(hours, "hour")} || ' ' || ${unit(rest, "minute")} end)`;
}

/**
 * One page of a pack's reminders, in one statement: the players who follow (have pack texts on
 * for) one of its teams or its series, with reminders on, whose lead time before the close has
 * come, who have an open prop of the pack still unpicked, and who have no reminder for it yet.
 * Each text reads "Eagles at Cowboys closes in 1 hour: you have 0 of 5 picked {link}", from when
 * it will go out: now, or 8 am their time when it is quiet hours there (decision 072).
 */
async function queueReminderPage(db: DbOrTx, pack: { id: string; url: string }, now: Date): Promise<{ queued: number; held: number }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await selectRows(
    db,
    sql`with pack as (
          select p.id, p.title, p.close_time,
                 (select count(*) from props pr where pr.pack_id = p.id and pr.status <> 'void')::int as total
          from packs p where p.id = ${pack.id}
        ),
        -- Who may be reminded: followers of one of its teams or its series with reminders on, and
        -- whoever asked for this pack's reminder ("Remind me" on the pack page: asked, so whatever the switch).
        candidates as (
          select s.profile_id
          from subscriptions s
          join profiles fp on fp.id = s.profile_id and fp.reminders_on
          cross join pack
          where s.category = 'pack_open'
            and s.scope_key in (select 'team:' || e.home_team_id from pack_events pe join events e on e.id = pe.event_id where pe.pack_id = pack.id
                                union
                                select 'team:' || e.away_team_id from pack_events pe join events e on e.id = pe.event_id where pe.pack_id = pack.id
                                union
                                select 'series:' || sp.series_id from series_packs sp where sp.pack_id = pack.id)
          union
          select r.profile_id from pack_reminder_requests r where r.pack_id = ${pack.id}
        ),
        fans as (
          select pf.id as profile_id, pf.phone, z.zone
          from candidates c
          join profiles pf on pf.id = c.profile_id
          cross join pack
          cross join lateral (select ${playerTimeZoneSql(sql`pf.time_zone`, sql`pf.phone`)} as zone) z
          where not pf.sms_opt_out and pf.phone is not null
            -- Due at the player's lead time, or by 8:50 pm their time when the close falls in their quiet hours.
            and (pack.close_time - make_interval(mins => pf.reminder_lead_minutes) <= ${at}
                 or ${lastCallBeforeQuietSql(sql`pack.close_time`, sql`z.zone`)} <= ${at})
            and not exists (select 1 from sms_outbox o where o.dedupe_key = ${`${PACK_REMINDER_TEXT}:${pack.id}:`} || pf.id)
            and exists (select 1 from props pr
                        where pr.pack_id = pack.id and pr.status = 'open'
                          and (pr.close_time is null or pr.close_time > ${at})
                          and not exists (select 1 from takes t where t.prop_id = pr.id and t.profile_id = pf.id and t.is_current))
          limit ${sql.raw(String(PAGE_SIZE))}
        ),
        held as (select f.*, ${quietUntilSql(sql`f.zone`, now)} as until from fans f),
        queued as (
          insert into sms_outbox (to_phone, body, kind, profile_id, dedupe_key, status, pack_id, expires_at, not_before, next_attempt_at)
          select h.phone,
                 pack.title || ' closes in ' || ${timeLeftWordsSql(sql`pack.close_time`, sql`coalesce(h.until, ${at})`)}
                   || ': you have '
                   || (select count(*) from takes t join props pr on pr.id = t.prop_id
                       where t.pack_id = pack.id and t.profile_id = h.profile_id and t.is_current and pr.status <> 'void')
                   || ' of ' || pack.total || ' picked ' || ${pack.url},
                 ${PACK_REMINDER_TEXT}, h.profile_id, ${`${PACK_REMINDER_TEXT}:${pack.id}:`} || h.profile_id, 'pending',
                 pack.id, pack.close_time, h.until, coalesce(h.until, now())
          from held h cross join pack
          on conflict (dedupe_key) do nothing
          returning not_before
        )
        select count(*)::int as queued, count(not_before)::int as held from queued`,
    rowShape((r) => ({ queued: r.int("queued"), held: r.int("held") })),
  );
  return { queued: row?.queued ?? 0, held: row?.held ?? 0 };
}

/**
 * The reminder task (issue 43 item 1, docs/decisions/072-reminders-and-quiet-hours.md): for each
 * pack closing within the longest lead time, queues the reminders whose time has come, a page at
 * a time. The dedupe key `pack_reminder:{packId}:{profileId}` makes it one per pack and player
 * across runs, workers and machines; the delivery task checks again, when it sends, that the
 * player still has something to pick and has not replied STOP (check-at-send-time.ts).
 */
export async function queuePackReminders({ now = new Date() }: { now?: Date } = {}): Promise<{
  packs: number;
  queued: number;
  held: number;
}> {
  const db = await getDb();
  const closing = await findClosingPacks(db, now);
  let queued = 0;
  let held = 0;
  for (const pack of closing) {
    for (let page = 0; page < PAGES_PER_PACK; page++) {
      const result = await queueReminderPage(db, { id: pack.id, url: packLink(pack.pack_url) }, now);
      queued += result.queued;
      held += result.held;
      if (result.queued < PAGE_SIZE) break;
    }
  }
  if (held) appMetrics().textsHeld.inc({ kind: PACK_REMINDER_TEXT }, held);
  if (queued) log("info", "pack reminders queued", { packs: closing.length, queued, held });
  return { packs: closing.length, queued, held };
}
