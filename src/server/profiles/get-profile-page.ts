import "server-only";
import { sql } from "drizzle-orm";
import { getReadDb, type DbOrTx } from "@/server/db/client";
import { col, rowShape, selectRows } from "@/server/db/rows";
import { SHOWN_EVENTS } from "@/server/events/shown-events";
import { decodeTimeCursor, encodeCursor } from "@/server/http/keyset";
import { getBalanceCents } from "@/server/ledger/append-ledger-entry";
import { getLeaderboardPage } from "@/server/leaderboards/get-leaderboard-page";
import { boardLine, boardTotalsFields } from "@/server/leaderboards/board-row";
import { boxScoreUrl } from "@/domain/box-score-url";
import type { LiveGameSeed } from "@/domain/live";
import { liveEventColumns, liveEventFields, liveSeedOfRow } from "@/server/live/live-event-row";
import { competitionRanks, compareLeaderboardRows } from "@/domain/ranking";
import { cumulativePointsSeries } from "@/domain/points-series";
import { addDays, nyDay } from "@/domain/time";
import { TAKE_RESULTS, TAKE_SIDES, type TakeResult } from "@/domain/points";
import type { WinRecord } from "@/domain/grading";

const CHART_DAYS = 90;
/** Packs of history per page (keyset by pack date: `before`, docs/decisions/024-season-scale.md): up to 40 takes of an 8-prop slate, a few screens on a phone. */
export const PACKS_SHOWN = 5;

export interface ProfileTakeRow {
  takeId: string;
  sentence: string;
  event: { title: string; boxScoreUrl: string | null } | null;
  /** A pending take's game, for its live score and "if it ended now" (docs/decisions/053-game-day-live.md). */
  live: { propId: string; side: "A" | "B"; game: LiveGameSeed } | null;
  points: number;
  /** The side's value locked when the take was made: what a pending take can win. */
  lockedValue: number;
  tokensCents: number;
  result: TakeResult;
  createdAt: string;
}

export interface ProfileTakeGroup {
  packURL: string;
  packTitle: string;
  packDate: string | null;
  takes: ProfileTakeRow[];
}

export interface ProfilePage {
  profile: {
    id: string;
    handle: string;
    avatarUrl: string | null;
    createdAt: string;
    favoriteTeam: { name: string; slug: string; league: string } | null;
    isCreator: boolean;
  };
  isOwner: boolean;
  stats: { points: number; won: number; lost: number; pushed: number; takes: number; rank: number | null };
  /** Spendable balance in cents; owner only. */
  balanceCents: number | null;
  chart: Array<{ day: string; total: number }>;
  hasGradedTakes: boolean;
  /** Every team the player has takes on (from their team leaderboards), for the filter. */
  teams: Array<{ key: string; name: string }>;
  /** One page of history: PACKS_SHOWN packs, newest first, after `before`. */
  takeGroups: ProfileTakeGroup[];
  /** Cursor of the next, older page of history; null on the last. */
  olderCursor: string | null;
  exchanges: Array<{ id: string; itemName: string; tokens: number; code: string | null; createdAt: string }> | null;
  bonuses: Array<{ name: string; tokensCents: number; createdAt: string }> | null;
  follows: { teams: Array<{ name: string; slug: string; league: string }>; series: Array<{ title: string; slug: string }> };
  /** Owner only: the phone, for the settings section. */
  phone: string | null;
  createdPacks: Array<{ packURL: string; title: string; status: string; eventTime: string | null }>;
  creatorLeaderboard: Array<
    WinRecord & {
      rank: number;
      handle: string;
      points: number;
      takes: number;
      isMe: boolean;
      isBot?: boolean;
    }
  >;
  /** Owner only: a graded pack whose results the owner has not been shown yet. */
  unseenGradedPackURL: string | null;
}

/**
 * Everything the profile page shows (docs/SCREENS.md §2.11), found by handle
 * (case-insensitive). Others see only takes of packs that have closed; the
 * balance, exchanges with their codes, bonuses and the phone are for the
 * owner alone. Null when no profile has that handle.
 */
export async function getProfilePage(options: {
  handle: string;
  viewerProfileId: string | null;
  /** `league:slug` of a team to narrow the takes to. */
  teamFilter?: string | null;
  /** Cursor of a page of older history (ProfilePage.olderCursor). */
  before?: string | null;
  now?: Date;
  db?: DbOrTx;
}): Promise<ProfilePage | null> {
  const db = options.db ?? (await getReadDb());
  const now = options.now ?? new Date();
  const [profile] = await selectRows(
    db,
    sql`
      select p.id, p.handle, p.avatar_url, p.created_at, p.phone,
             t.full_name as team_name, t.slug as team_slug, t.league as team_league,
             exists (select 1 from packs c where c.creator_profile_id = p.id) as is_creator
      from profiles p
      left join teams t on t.id = p.favorite_team_id
      where lower(p.handle) = lower(${options.handle.replace(/^@/, "")})
    `,
    rowShape((r) => ({
      id: r.text("id"),
      handle: r.text("handle"),
      avatar_url: r.textOrNull("avatar_url"),
      created_at: r.iso("created_at"),
      phone: r.textOrNull("phone"),
      team_name: r.textOrNull("team_name"),
      team_slug: r.textOrNull("team_slug"),
      team_league: r.textOrNull("team_league"),
      is_creator: r.bool("is_creator"),
    })),
  );
  if (!profile) return null;
  const isOwner = options.viewerProfileId === profile.id;
  const profileId = profile.id;

  const today = nyDay(now);
  const chartDays = Array.from({ length: CHART_DAYS }, (_, index) => addDays(today, index - (CHART_DAYS - 1)));
  const teamFilter = options.teamFilter && /^[a-z]+:[a-z0-9-]{1,60}$/.test(options.teamFilter) ? options.teamFilter : null;
  const before = options.before ? decodeTimeCursor(options.before) : null;
  const [standing, chartRows, takeRows, exchanges, bonuses, follows, createdPacks, balanceCents, unseen, teamRows] = await Promise.all([
    getLeaderboardPage({ scope: "all", viewerProfileId: profileId, db }).then((page) => page.me),
    // The chart's days are the daily leaderboards' (the New York day a take was made), read from
    // their maintained rows: CHART_DAYS primary-key lookups, however many takes the player has
    // (docs/decisions/024-season-scale.md). What came before the window is the all-time total
    // minus the window.
    selectRows(
      db,
      sql`
        select lt.scope, lt.points from leaderboard_totals lt
        where lt.profile_id = ${profileId}
          and lt.scope in (${sql.join(
            chartDays.map((day) => sql`${`day:${day}`}`),
            sql`, `,
          )})
      `,
      rowShape((r) => ({ scope: r.text("scope"), points: r.int("points") })),
    ),
    selectRows(
      db,
      sql`
        with shown_packs as (
          select pk.id, pk.pack_url, pk.title, coalesce(pk.close_time, pk.created_at) as pack_date
          from packs pk
          -- The player's packs are the packs of their receipts (one per submission): a walk of
          -- their own rows, not a look at every pack of the season.
          where pk.id in (select r.pack_id from receipts r where r.profile_id = ${profileId})
            and pk.status not in ('draft', 'archived')
            ${before ? sql`and (coalesce(pk.close_time, pk.created_at), pk.id) < (${before.key}::timestamptz, ${before.id}::uuid)` : sql``}
            ${
              teamFilter
                ? sql`and exists (select 1 from props fp join events fe on fe.id = fp.event_id
                       join teams ft on ft.id in (fe.home_team_id, fe.away_team_id)
                       where fp.pack_id = pk.id and ft.league || ':' || ft.slug = ${teamFilter})`
                : sql``
            }
            ${isOwner ? sql`` : sql`and (pk.status in ('live', 'graded') or (pk.close_time is not null and pk.close_time <= ${now}))`}
          order by pack_date desc, pk.id desc
          limit ${PACKS_SHOWN + 1}
        )
        select t.id as take_id,
               case when t.side = 'A' then pr.side_a_take else pr.side_b_take end as sentence,
               t.points, t.locked_value, t.tokens_cents, t.result, t.created_at,
               sp.pack_url, sp.title as pack_title, sp.pack_date, sp.pack_date::text as pack_key, sp.id as pack_id,
               e.title as event_title, e.league, e.espn_event_id,
               t.prop_id, t.side, ${liveEventColumns("e")}, ht.abbreviation as home_abbr, at.abbreviation as away_abbr,
               array_remove(array[ht.league || ':' || ht.slug, at.league || ':' || at.slug], null) as team_keys,
               array_remove(array[ht.full_name, at.full_name], null) as team_names
        from takes t
        join shown_packs sp on sp.id = t.pack_id
        join props pr on pr.id = t.prop_id
        left join ${SHOWN_EVENTS} e on e.id = pr.event_id
        left join teams ht on ht.id = e.home_team_id
        left join teams at on at.id = e.away_team_id
        where t.profile_id = ${profileId} and t.is_current
        order by sp.pack_date desc, sp.id desc, pr.position, pr.created_at
      `,
      profileTakeRow,
    ),
    isOwner
      ? selectRows(
          db,
          sql`
            select x.id, i.name as item_name, x.tokens, c.code, x.created_at
            from exchanges x
            join items i on i.id = x.item_id
            left join item_codes c on c.id = x.item_code_id
            where x.profile_id = ${profileId}
            order by x.created_at desc
            limit 50
          `,
          rowShape((r) => ({
            id: r.text("id"),
            item_name: r.text("item_name"),
            tokens: r.int("tokens"),
            code: r.textOrNull("code"),
            created_at: r.iso("created_at"),
          })),
        )
      : Promise.resolve(null),
    isOwner
      ? selectRows(
          db,
          sql`
            select case when l.kind = 'referral_bonus' then 'Referral: ' || coalesce(pk.title, 'a pack')
                        else coalesce(ac.name, l.reason, 'Bonus') end as name,
                   l.amount_cents, l.created_at
            from token_ledger l
            left join award_claims cl on cl.id = l.award_claim_id
            left join award_cards ac on ac.id = cl.award_card_id
            left join packs pk on pk.id = l.pack_id
            where l.profile_id = ${profileId} and l.kind in ('award_claim', 'referral_bonus')
            order by l.created_at desc
            limit 50
          `,
          rowShape((r) => ({ name: r.text("name"), amount_cents: r.int("amount_cents"), created_at: r.iso("created_at") })),
        )
      : Promise.resolve(null),
    selectRows(
      db,
      sql`
        select 'team' as kind, t.full_name as name, t.slug, t.league
        from teams t
        where t.id in (select f.team_id from follows f where f.profile_id = ${profileId} and f.team_id is not null)
           or t.id = (select favorite_team_id from profiles where id = ${profileId})
        union all
        select 'series', s.title, s.slug, null
        from follows f join series s on s.id = f.series_id
        where f.profile_id = ${profileId}
        order by 1, 2
      `,
      rowShape((r) => ({ kind: r.text("kind"), name: r.text("name"), slug: r.text("slug"), league: r.textOrNull("league") })),
    ),
    selectRows(
      db,
      sql`
        select pk.pack_url, pk.title, pk.status,
               (select min(e.start_time) from pack_events pe join events e on e.id = pe.event_id where pe.pack_id = pk.id) as event_time
        from packs pk
        where pk.creator_profile_id = ${profileId} and pk.status not in ('draft', 'archived')
        order by pk.created_at desc
        limit 24
      `,
      rowShape((r) => ({
        pack_url: r.text("pack_url"),
        title: r.text("title"),
        status: r.text("status"),
        event_time: r.isoOrNull("event_time"),
      })),
    ),
    isOwner ? getBalanceCents(db, profileId) : Promise.resolve(null),
    isOwner
      ? selectRows(
          db,
          sql`
            select pk.pack_url
            from packs pk
            where pk.id in (select r.pack_id from receipts r where r.profile_id = ${profileId})
              and pk.status = 'graded'
              and not exists (select 1 from pack_graded_views v where v.pack_id = pk.id and v.profile_id = ${profileId})
            order by pk.graded_at desc nulls last
            limit 1
          `,
          rowShape((r) => ({ pack_url: r.text("pack_url") })),
        )
      : Promise.resolve([]),
    // The teams of the player's takes are the team leaderboards they are on (maintained rows).
    selectRows(
      db,
      sql`
        select tm.league || ':' || tm.slug as key, tm.full_name as name
        from teams tm
        -- One primary-key probe per team, not a walk of every board row of the player (a
        -- season's player is on thousands: every pack, day and week).
        join leaderboard_totals lt on lt.scope = 'team:' || tm.id::text and lt.profile_id = ${profileId}
        order by tm.full_name
      `,
      rowShape((r) => ({ key: r.text("key"), name: r.text("name") })),
    ),
  ]);

  const windowDaily = chartRows.map((row) => ({ day: row.scope.slice("day:".length), points: row.points }));
  const beforeWindow = (standing?.points ?? 0) - windowDaily.reduce((sum, row) => sum + row.points, 0);
  const chartDaily = [{ day: addDays(chartDays[0]!, -1), points: beforeWindow }, ...windowDaily];
  // The page's packs are the first PACKS_SHOWN; a row of the one after says there is more.
  const pagePackIds = [...new Set(takeRows.map((row) => row.pack_id))];
  const lastShown = pagePackIds.length > PACKS_SHOWN ? takeRows.find((row) => row.pack_id === pagePackIds[PACKS_SHOWN - 1]) : undefined;
  const olderCursor = lastShown ? encodeCursor(lastShown.pack_key, lastShown.pack_id) : null;
  const shownRows = lastShown ? takeRows.filter((row) => row.pack_id !== pagePackIds[PACKS_SHOWN]) : takeRows;
  const creatorLeaderboard = profile.is_creator ? await creatorBoard(db, profileId, options.viewerProfileId) : [];

  const groups = new Map<string, ProfileTakeGroup>();
  for (const row of shownRows) {
    const keys = row.team_keys;
    if (teamFilter && !keys.includes(teamFilter)) continue;
    const group = groups.get(row.pack_url) ?? {
      packURL: row.pack_url,
      packTitle: row.pack_title,
      packDate: row.pack_date,
      takes: [],
    };
    group.takes.push({
      takeId: row.take_id,
      sentence: row.sentence,
      event: row.event_title ? { title: row.event_title, boxScoreUrl: boxScoreUrl(row.league, row.espn_event_id) } : null,
      live:
        row.result === "pending" && row.event_id && row.league
          ? {
              propId: row.prop_id,
              side: row.side,
              game: liveSeedOfRow(row.event_id, row, row.league, { home: row.home_abbr, away: row.away_abbr }),
            }
          : null,
      points: row.points,
      lockedValue: row.locked_value,
      tokensCents: row.tokens_cents,
      result: row.result,
      createdAt: row.created_at,
    });
    groups.set(row.pack_url, group);
  }

  return {
    profile: {
      id: profile.id,
      handle: profile.handle,
      avatarUrl: profile.avatar_url,
      createdAt: profile.created_at,
      favoriteTeam: profile.team_name ? { name: profile.team_name, slug: profile.team_slug!, league: profile.team_league! } : null,
      isCreator: profile.is_creator,
    },
    isOwner,
    stats: standing
      ? {
          points: standing.points,
          won: standing.won,
          lost: standing.lost,
          pushed: standing.pushed,
          takes: standing.takes,
          rank: standing.rank,
        }
      : { points: 0, won: 0, lost: 0, pushed: 0, takes: 0, rank: null },
    balanceCents,
    chart: cumulativePointsSeries({ daily: chartDaily, endDay: today, days: CHART_DAYS }),
    hasGradedTakes: standing ? standing.won + standing.lost + standing.pushed > 0 : false,
    teams: teamRows.map((row) => ({ key: row.key, name: row.name })),
    takeGroups: [...groups.values()],
    olderCursor,
    exchanges: exchanges
      ? exchanges.map((row) => ({
          id: row.id,
          itemName: row.item_name,
          tokens: row.tokens,
          code: row.code,
          createdAt: row.created_at,
        }))
      : null,
    bonuses: bonuses ? bonuses.map((row) => ({ name: row.name, tokensCents: row.amount_cents, createdAt: row.created_at })) : null,
    follows: {
      teams: follows.filter((row) => row.kind === "team").map((row) => ({ name: row.name, slug: row.slug, league: row.league ?? "" })),
      series: follows.filter((row) => row.kind === "series").map((row) => ({ title: row.name, slug: row.slug })),
    },
    phone: isOwner ? profile.phone : null,
    createdPacks: createdPacks.map((row) => ({
      packURL: row.pack_url,
      title: row.title,
      status: row.status,
      eventTime: row.event_time,
    })),
    creatorLeaderboard,
    unseenGradedPackURL: unseen[0]?.pack_url ?? null,
  };
}

/** Top 10 across a creator's packs, summed from the packs' own leaderboards (bounded by those packs). */
async function creatorBoard(db: DbOrTx, creatorId: string, viewerProfileId: string | null) {
  const rows = await selectRows(
    db,
    sql`
      select lt.profile_id, max(lt.handle) as handle, sum(lt.points)::int as points, sum(lt.won)::int as won,
             sum(lt.lost)::int as lost, sum(lt.pushed)::int as pushed, sum(lt.takes)::int as takes
      from leaderboard_totals lt
      where lt.scope in (
        select 'pack:' || pk.id::text from packs pk
        where pk.creator_profile_id = ${creatorId} and pk.status not in ('draft', 'archived')
      )
      group by lt.profile_id
      order by points desc, won desc, lower(max(lt.handle))
      limit 10
    `,
    rowShape(boardTotalsFields),
  );
  const ordered = rows.map((row) => boardLine(row, viewerProfileId)).sort(compareLeaderboardRows);
  return competitionRanks(ordered);
}

const profileTakeRow = rowShape((r) => ({
  take_id: r.text("take_id"),
  sentence: r.text("sentence"),
  points: r.int("points"),
  locked_value: r.int("locked_value"),
  tokens_cents: r.int("tokens_cents"),
  result: r.oneOf("result", TAKE_RESULTS),
  created_at: r.iso("created_at"),
  pack_url: r.text("pack_url"),
  pack_title: r.text("pack_title"),
  pack_date: r.isoOrNull("pack_date"),
  pack_key: r.text("pack_key"),
  pack_id: r.text("pack_id"),
  event_title: r.textOrNull("event_title"),
  league: r.textOrNull("league"),
  espn_event_id: r.textOrNull("espn_event_id"),
  prop_id: r.text("prop_id"),
  side: r.oneOf("side", TAKE_SIDES),
  ...liveEventFields(r),
  home_abbr: r.textOrNull("home_abbr"),
  away_abbr: r.textOrNull("away_abbr"),
  team_keys: r.get("team_keys", col.texts),
}));
