import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { getReadDb, type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import {
  BADGE_IDS,
  BADGES,
  CONTRARIAN_MIN_TAKES,
  CONTRARIAN_SHARE_PERCENT,
  GROUP_WINNER_MIN_PLAYERS,
  PERFECT_PACK_MIN_WINS,
  STREAK_BADGE_LENGTH,
  type BadgeId,
  type BadgeView,
  type PlayerAchievements,
} from "@/domain/achievements";
import { EVEN_ODDS_VALUE } from "@/domain/points";
import { overallScopeKey } from "@/domain/leaderboard-scope";
import { membersAhead } from "@/server/groups/group-reads";

/**
 * SQL for a moneyline's points (src/domain/points.ts sideValue), in the same double precision steps
 * and the same half-up rounding as the JavaScript rule (+201 is 502, not the exact 502.5 rounded up).
 * tests/api/achievements.test.ts holds it to sideValue for every moneyline from -3000 to +3000.
 */
export const sqlSideValue = (moneyline: SQL) => sql`(case
  when ${moneyline} is null then ${EVEN_ODDS_VALUE}
  when ${moneyline} > 0 then floor(${EVEN_ODDS_VALUE} * (${moneyline}::float8 / 100) + 0.5)
  else floor(${EVEN_ODDS_VALUE} * (100 / abs(${moneyline})::float8) + 0.5) end)::int`;

/**
 * A player's streaks and badges, computed when read from their current takes (one index range of
 * takes_profile_created_idx), the props' pick counts and line histories: nothing is stored, so a
 * re-grade, an un-grade or a pick fix is reflected on the next read, exactly
 * (docs/decisions/068-streaks-badges-recaps.md). The rules are src/domain/achievements.ts's.
 */
export async function getPlayerAchievements(options: {
  profileId: string;
  /** The owner's own view marks badges earned after their last look as new. */
  viewerIsOwner?: boolean;
  /** Weeks before this one's are finished (the group winner badge); defaults to the clock. */
  now?: Date;
  db?: DbOrTx;
}): Promise<PlayerAchievements> {
  const db = options.db ?? (await getReadDb());
  const player = options.profileId;
  const thisWeekScope = overallScopeKey({ period: "week", now: options.now ?? new Date() });
  // The owner's last look is read beside the achievements, not after them.
  const [rows, seenAt] = await Promise.all([
    selectRows(
      db,
      sql`
      -- The player's current takes, read alone first (takes_profile_created_idx, one bitmap walk), then
      -- joined to their props and packs by hash: joined inline, the planner probed takes_pack_profile_idx
      -- once per pack of the season instead (docs/decisions/068-streaks-badges-recaps.md, 2026-11-30).
      with my_takes as materialized (
        select t.id, t.prop_id, t.pack_id, t.side, t.result, t.locked_value, t.created_at
        from takes t
        where t.profile_id = ${player}::uuid and t.is_current
      ),
      mine as (
        select t.id, t.prop_id, t.pack_id, t.side, t.result, t.locked_value,
               date_trunc('milliseconds', t.created_at) as created_at,
               pr.graded_at, least(pr.close_time, pk.close_time) as locks_at,
               coalesce(least(pr.close_time, pk.close_time), pr.created_at) as lock_at,
               pr.side_a_moneyline, pr.side_b_moneyline
        from my_takes t
        join props pr on pr.id = t.prop_id
        join packs pk on pk.id = t.pack_id
      ),
      decided as (
        select m.id, m.pack_id, m.prop_id, m.result, m.graded_at, m.lock_at,
               count(*) filter (where m.result = 'lost') over (order by m.lock_at, m.prop_id) as run
        from mine m
        where m.result in ('won', 'lost')
      ),
      wins as (
        select d.id, d.pack_id, d.run,
               row_number() over (partition by d.run order by d.lock_at, d.prop_id) as n,
               max(d.graded_at) over (partition by d.run order by d.lock_at, d.prop_id) as all_won_at
        from decided d
        where d.result = 'won'
      ),
      runs as (select w.run, count(*)::int as length from wins w group by w.run),
      -- The player's scored finished weeks (their own leaderboard rows, leaderboard_totals_profile_idx) and
      -- their visible groups big enough to crown anyone: the group winner badge's two sides, each read once.
      my_weeks as materialized (
        select w.scope, w.points, w.won from leaderboard_totals w
        where w.profile_id = ${player}::uuid and w.scope like 'week:%' and w.scope < ${thisWeekScope} and w.points > 0
      ),
      my_groups as materialized (
        select me.group_id from group_members me join groups g on g.id = me.group_id
        where me.profile_id = ${player}::uuid and g.hidden_at is null and g.member_count >= ${GROUP_WINNER_MIN_PLAYERS}
      ),
      closing as (
        select distinct on (pp.prop_id) pp.prop_id, pp.side_a_moneyline, pp.side_b_moneyline
        from prop_prices pp
        join (select distinct m.prop_id, m.locks_at from mine m where m.result in ('won', 'lost', 'push')) p on p.prop_id = pp.prop_id
        where p.locks_at is null or p.locks_at > now() or pp.recorded_at <= p.locks_at
        order by pp.prop_id, pp.recorded_at desc, pp.id desc
      ),
      badges as (
        (select 'first_take' as id, m.created_at as earned_at, 1 as times, m.id as take_id, m.pack_id
         from mine m order by m.created_at, m.id limit 1)
        union all
        (select 'perfect_pack', p.earned_at, count(*) over (), null::uuid, p.pack_id
         from (
           select m.pack_id, max(m.graded_at) as earned_at
           from mine m
           group by m.pack_id
           having bool_and(m.result in ('won', 'push', 'void'))
              and count(*) filter (where m.result = 'won') >= ${PERFECT_PACK_MIN_WINS}
              and count(*) = (select count(*) from props p2 where p2.pack_id = m.pack_id)
         ) p
         order by p.earned_at, p.pack_id limit 1)
        union all
        (select 'contrarian_win', m.graded_at, count(*) over (), m.id, m.pack_id
         from mine m
         join prop_take_counts c on c.prop_id = m.prop_id
         where m.result = 'won' and c.takes >= ${CONTRARIAN_MIN_TAKES}
           and (case m.side when 'A' then c.takes_a else c.takes_b end) * 100 < c.takes * ${CONTRARIAN_SHARE_PERCENT}
         order by m.graded_at, m.prop_id limit 1)
        union all
        (select 'beat_the_close', m.graded_at, count(*) over (), m.id, m.pack_id
         from mine m
         -- The closing price (src/domain/prices.ts closingPrice): the last recorded at or before the lock,
         -- else the prop's own price. Found once per prop that has a price history (closing, below), not
         -- probed once per take.
         left join closing h on h.prop_id = m.prop_id
         where m.result in ('won', 'lost', 'push')
           and m.locked_value > ${sqlSideValue(
             sql`(case when h.prop_id is null then (case m.side when 'A' then m.side_a_moneyline else m.side_b_moneyline end)
                  else (case m.side when 'A' then h.side_a_moneyline else h.side_b_moneyline end) end)`,
           )}
         order by m.graded_at, m.prop_id limit 1)
        union all
        (select 'ten_streak', w.all_won_at, 1, w.id, w.pack_id
         from wins w
         where w.n = ${STREAK_BADGE_LENGTH}
         order by w.run limit 1)
        union all
        -- Group winner (groupWeekWinners in src/domain/achievements.ts): each finished week the player
        -- scored on, in each of their visible groups of 3 or more, where no member has a better score
        -- (ties at the top all win) and at least GROUP_WINNER_MIN_PLAYERS members are on that week's board
        -- (probed one member at a time, stopping at that many). Earned when the week ended (Monday, New
        -- York midnight); read from the maintained week boards, so a re-grade is reflected once the boards
        -- catch up (docs/decisions/068-streaks-badges-recaps.md, 2026-11-30: group winner).
        (select 'group_winner', gw.earned_at, count(*) over (), null::uuid, null::uuid
         from (
           select ((substr(w.scope, 6)::date + 7)::timestamp at time zone 'America/New_York') as earned_at, mg.group_id
           from my_weeks w cross join my_groups mg
           where ${membersAhead({ groupId: sql`mg.group_id`, scope: sql`w.scope`, row: "w" })} = 0
             and (select count(*) from (
                    select 1 from group_members gm
                    where gm.group_id = mg.group_id
                      and (select true from leaderboard_totals a where a.scope = w.scope and a.profile_id = gm.profile_id)
                    limit ${GROUP_WINNER_MIN_PLAYERS}) n) >= ${GROUP_WINNER_MIN_PLAYERS}
         ) gw
         order by gw.earned_at, gw.group_id limit 1)
      )
      select 'streak' as kind, null as id, null::timestamptz as earned_at,
             coalesce((select max(r.length) from runs r), 0)::int as times,
             coalesce((select r.length from runs r where r.run = (select count(*) from decided d where d.result = 'lost')), 0)::int as current,
             null as prop_label, null as pack_url, null as pack_title
      union all
      select 'badge', b.id, b.earned_at, b.times::int, 0, pr.short_label, pk.pack_url, pk.title
      from badges b
      left join takes t on t.id = b.take_id
      left join props pr on pr.id = t.prop_id
      left join packs pk on pk.id = b.pack_id
    `,
      rowShape((r) => ({
        kind: r.text("kind"),
        id: r.oneOfOrNull("id", BADGE_IDS),
        earnedAt: r.dateOrNull("earned_at"),
        times: r.int("times"),
        current: r.int("current"),
        propLabel: r.textOrNull("prop_label"),
        packURL: r.textOrNull("pack_url"),
        packTitle: r.textOrNull("pack_title"),
      })),
    ),
    options.viewerIsOwner ? badgesSeenAt(db, player) : null,
  ]);
  const streakRow = rows.find((row) => row.kind === "streak");
  const earned = new Map<BadgeId, (typeof rows)[number]>();
  for (const row of rows) if (row.kind === "badge" && row.id && row.earnedAt) earned.set(row.id, row);
  const views: BadgeView[] = BADGES.map((badge) => {
    const row = earned.get(badge.id);
    if (!row?.earnedAt) return { ...badge, earned: null, isNew: false };
    return {
      ...badge,
      earned: {
        at: row.earnedAt.toISOString(),
        times: row.times,
        // The first take names its pack only: its prop may not have locked yet, and the profile never hints at an open pick.
        propLabel: badge.id === "perfect_pack" || badge.id === "first_take" ? null : row.propLabel,
        pack: row.packURL && row.packTitle ? { packURL: row.packURL, title: row.packTitle } : null,
      },
      isNew: options.viewerIsOwner === true && (seenAt === null || row.earnedAt.getTime() > seenAt.getTime()),
    };
  });
  const earnedFirst = [
    ...views.filter((b) => b.earned).sort((a, b) => (a.earned!.at < b.earned!.at ? -1 : a.earned!.at > b.earned!.at ? 1 : 0)),
    ...views.filter((b) => !b.earned),
  ];
  return { streak: { current: streakRow?.current ?? 0, best: streakRow?.times ?? 0 }, badges: earnedFirst };
}

async function badgesSeenAt(db: DbOrTx, profileId: string): Promise<Date | null> {
  const [row] = await selectRows(
    db,
    sql`select badges_seen_at from profiles where id = ${profileId}::uuid`,
    rowShape((r) => ({ seen: r.dateOrNull("badges_seen_at") })),
  );
  return row?.seen ?? null;
}
