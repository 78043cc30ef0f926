import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { addDays, nyDayBounds } from "@/domain/time";
import type { RecapTake, WeeklyRecap } from "@/domain/achievements";

/** How many movers a recap lists. */
export const RECAP_MOVERS = 5;

/**
 * The weekly recap of a SET of players (docs/decisions/068-streaks-badges-recaps.md): `players` is a
 * subquery of profile ids, e.g. sql`select ${id}::uuid` for one player or a group's members
 * (sql`select gm.profile_id from group_members gm where gm.group_id = ${groupId}`). Best pick and
 * worst beat are among their current takes made that week (the week board's rule, by take time);
 * movers compare the week board with the week before. `rankOn: "board"` ranks on the whole site's
 * week board (a player's profile); `"players"` ranks among the set alone (a group's week board).
 * Each member is read through takes_profile_created_idx and leaderboard_totals' key: the cost
 * follows the set, never the site.
 */
export async function weeklyRecapFor(
  db: DbOrTx,
  options: { week: string; players: SQL; rankOn: "board" | "players" },
): Promise<WeeklyRecap> {
  const { start } = nyDayBounds(options.week);
  const end = nyDayBounds(addDays(options.week, 7)).start;
  const thisScope = `week:${options.week}`;
  const lastScope = `week:${addDays(options.week, -7)}`;
  const takeRow = rowShape((r) => ({
    kind: r.text("kind"),
    handle: r.text("handle"),
    propLabel: r.text("prop_label"),
    sideLabel: r.text("side_label"),
    packURL: r.text("pack_url"),
    packTitle: r.text("pack_title"),
    points: r.int("points"),
    lockedValue: r.int("locked_value"),
  }));
  const rank = (alias: string, scope: string) =>
    options.rankOn === "players"
      ? sql`rank() over (order by ${sql.raw(alias)}.points desc, ${sql.raw(alias)}.won desc)`
      : sql`1 + (select coalesce(sum(c.profiles), 0) from leaderboard_score_counts c
                 where c.scope = ${scope} and (c.points, c.won) > (${sql.raw(alias)}.points, ${sql.raw(alias)}.won))`;
  // The best pick and worst beat, and the movers: two independent reads, at once.
  const [picks, movers] = await Promise.all([
    selectRows(
      db,
      sql`
      with members as (select distinct m.profile_id from (${options.players}) as m(profile_id)),
      week_takes as (
        select t.profile_id, t.prop_id, t.side, t.result, t.points, t.locked_value, pr.short_label,
               case t.side when 'A' then pr.side_a_short else pr.side_b_short end as side_label,
               pk.pack_url, pk.title as pack_title,
               coalesce(least(pr.close_time, pk.close_time), pr.created_at) as lock_at
        from members m
        join takes t on t.profile_id = m.profile_id and t.is_current and t.created_at >= ${start} and t.created_at < ${end}
        join props pr on pr.id = t.prop_id
        join packs pk on pk.id = t.pack_id
        where t.result in ('won', 'lost')
      ),
      chosen as (
        (select 'best' as kind, w.* from week_takes w where w.result = 'won'
         order by w.points desc, w.lock_at, w.prop_id, w.profile_id limit 1)
        union all
        (select 'worst', w.* from week_takes w where w.result = 'lost'
         order by w.locked_value, w.lock_at, w.prop_id, w.profile_id limit 1)
      )
      select c.kind, p.handle, c.short_label as prop_label, c.side_label, c.pack_url, c.pack_title, c.points, c.locked_value
      from chosen c join profiles p on p.id = c.profile_id
    `,
      takeRow,
    ),
    selectRows(
      db,
      sql`
      with members as (select distinct m.profile_id from (${options.players}) as m(profile_id)),
      now_board as (
        select lt.profile_id, lt.handle, (${rank("lt", thisScope)})::int as rank
        from members m join leaderboard_totals lt on lt.scope = ${thisScope} and lt.profile_id = m.profile_id
      ),
      last_board as (
        select lt.profile_id, (${rank("lt", lastScope)})::int as rank
        from members m join leaderboard_totals lt on lt.scope = ${lastScope} and lt.profile_id = m.profile_id
      )
      select n.handle, n.rank, l.rank as previous_rank, (l.rank - n.rank)::int as move
      from now_board n left join last_board l on l.profile_id = n.profile_id
      order by (l.rank - n.rank) desc nulls last, n.rank, lower(n.handle)
      limit ${RECAP_MOVERS}
    `,
      rowShape((r) => ({
        handle: r.text("handle"),
        rank: r.int("rank"),
        previousRank: r.intOrNull("previous_rank"),
        move: r.intOrNull("move"),
      })),
    ),
  ]);
  const pick = (kind: string): RecapTake | null => {
    const row = picks.find((p) => p.kind === kind);
    if (!row) return null;
    const { kind: _kind, ...take } = row;
    return take;
  };
  return { week: options.week, bestPick: pick("best"), worstBeat: pick("worst"), movers };
}
