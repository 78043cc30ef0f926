import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { AREA_CODE_TIME_ZONES, DEFAULT_TIME_ZONE, QUIET_END_HOUR, QUIET_START_HOUR, US_TIME_ZONE_IDS } from "@/domain/quiet-hours";
import { serverEnv } from "@/env";
import type { DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";

const AREA_CODES_JSON = JSON.stringify(AREA_CODE_TIME_ZONES);

/**
 * SQL for a player's local zone (docs/decisions/072-reminders-and-quiet-hours.md): the zone they
 * chose, else their area code's (src/domain/quiet-hours.ts, one parameter), else Eastern. For
 * statements that text many players at once; compute it once per row and refer to the column.
 */
export function playerTimeZoneSql(chosen: SQL, phone: SQL): SQL {
  return sql`coalesce(${chosen}, ${AREA_CODES_JSON}::jsonb ->> substr(${phone}, 3, 3), ${DEFAULT_TIME_ZONE}::text)`;
}

/**
 * SQL for when quiet hours end for a text sent at `now` to a player in `zone` (an SQL text):
 * 8 am local the same or the next morning, or null when it is not quiet there (or QUIET_HOURS is
 * off). Local wall-clock arithmetic, so a daylight-saving change overnight still lands on 8 am.
 */
export function quietUntilSql(zone: SQL, now: Date): SQL {
  if (!serverEnv().QUIET_HOURS) return sql`null::timestamptz`;
  const local = sql`(${now.toISOString()}::timestamptz at time zone ${zone})`;
  const morning = (days: number) =>
    sql`((date_trunc('day', ${local}) + interval '${sql.raw(`${days} day ${QUIET_END_HOUR} hour`)}') at time zone ${zone})`;
  return sql`(case when extract(hour from ${local}) >= ${sql.raw(String(QUIET_START_HOUR))} then ${morning(1)}
                   when extract(hour from ${local}) < ${sql.raw(String(QUIET_END_HOUR))} then ${morning(0)} end)`;
}

/** How long before quiet hours begin a reminder that cannot wait for its lead time is sent. */
export const BEFORE_QUIET_MINUTES = 10;

/**
 * SQL for when a reminder for a pack closing at `close` goes at the latest where the player is
 * (`zone`), if the close falls in quiet hours there: 8:50 pm local on the evening before it, so
 * that a late game's reminder comes before the night instead of never (a 10:10 pm close with a
 * 1-hour lead would be due at 9:10 pm, in quiet hours, and pointless by 8 am). Null when the close
 * is outside quiet hours, or QUIET_HOURS is off (docs/decisions/072-reminders-and-quiet-hours.md).
 */
export function lastCallBeforeQuietSql(close: SQL, zone: SQL): SQL {
  if (!serverEnv().QUIET_HOURS) return sql`null::timestamptz`;
  const local = sql`(${close} at time zone ${zone})`;
  const evening = (daysBack: number) =>
    sql`((date_trunc('day', ${local}) - interval '${sql.raw(`${daysBack} day`)}' + interval '${sql.raw(`${QUIET_START_HOUR * 60 - BEFORE_QUIET_MINUTES} minutes`)}') at time zone ${zone})`;
  return sql`(case when extract(hour from ${local}) >= ${sql.raw(String(QUIET_START_HOUR))} then ${evening(0)}
                   when extract(hour from ${local}) < ${sql.raw(String(QUIET_END_HOUR))} then ${evening(1)} end)`;
}

/** When quiet hours end for one player in `zone` at `now`, or null when a text may go now. */
export async function quietUntil(db: DbOrTx, zone: string, now: Date): Promise<Date | null> {
  if (!serverEnv().QUIET_HOURS) return null;
  const [row] = await selectRows(
    db,
    sql`select ${quietUntilSql(sql`${zone}::text`, now)} as until`,
    rowShape((r) => ({ until: r.dateOrNull("until") })),
  );
  return row?.until ?? null;
}

/** When quiet hours end, for each zone a player can have that is in quiet hours at `now`. */
export async function quietUntilByZone(db: DbOrTx, now: Date): Promise<Map<string, Date>> {
  const rows = await selectRows(
    db,
    sql`select z.zone, ${quietUntilSql(sql`z.zone`, now)} as until
        from unnest(${`{${US_TIME_ZONE_IDS.join(",")}}`}::text[]) as z(zone)`,
    rowShape((r) => ({ zone: r.text("zone"), until: r.dateOrNull("until") })),
  );
  return new Map(rows.flatMap((row) => (row.until ? [[row.zone, row.until] as const] : [])));
}
