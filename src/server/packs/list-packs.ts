import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { allGamesOver, packPhase, packStatusChip, type PackPhase } from "@/domain/pack-state";
import { nyDay, nyDayBounds } from "@/domain/time";
import type { PackGame, PackSummary } from "@/domain/views";
import { getReadDb } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { SHOWN_EVENTS } from "@/server/events/shown-events";
import { PACK_CARD_COLUMNS, packCardFields } from "./pack-card-row";
import { parseTeamRouteSlug } from "@/server/teams/team-route-slug";
import { keysetPage, timeSeek, type KeysetPage } from "@/server/http/keyset";

/** The card shows score lines for up to two games. */
export const PACK_CARD_GAMES = 2;

export type PackSort = "close-asc" | "close-desc" | "open-desc" | "created-desc" | "title";

/**
 * The front of the feed (docs/decisions/020-feed-window.md): every current
 * pack (coming soon, open, live: what a player can still act on or is
 * waiting for, unless it closed more than the window ago and was never
 * graded) and the graded packs of the last GRADED_WINDOW_DAYS days. Older
 * packs stay reachable by day (`day`), by their own page and from players'
 * histories. Counting, filtering, ordering and cutting all happen in SQL:
 * a page asks for the cards it shows and the counts it prints, never for the
 * whole window (docs/decisions/035-feed-in-sql.md).
 */
export const GRADED_WINDOW_DAYS = 7;
/** The most cards one query returns (a page's "Show more" stops here; older days stay reachable by date). */
export const PACKS_LIST_MAX = 480;

const DAY_MS = 86_400_000;

/** Which packs: the front of the feed, or with `day` every pack of that New York day, narrowed by the rest. */
export interface PackScope {
  league?: string | null;
  teamSlug?: string | null;
  packURLs?: string[];
  /** A New York calendar day: the packs whose first game (else open, else close time) falls on it, however old. */
  day?: string | null;
  /** Within the front of the feed, only the packs of this New York day (the feed's day tabs, "Today only"). */
  frontDay?: string | null;
  /** Only packs in these phases at `now` (docs/PRODUCT.md §2). */
  phases?: PackPhase[];
  featured?: boolean;
  now?: Date;
}

/**
 * A team's route slug (docs/decisions/070-team-route-slugs.md, src/server/teams/team-route-slug.ts)
 * in SQL, for a row `tm` of teams: `{league}-{slug}` when an NFL team (the first league) has the
 * same slug, else the slug.
 */
const ROUTE_SLUG = sql`(case when tm.league <> 'nfl' and exists (select 1 from teams o where o.team_type = 'team' and o.league = 'nfl' and o.slug = tm.slug)
  then tm.league || '-' || tm.slug else tm.slug end)`;

/** The instant a pack's day is counted from: its first game, else its open time, else its close time. */
const ANCHOR = sql`coalesce((select min(e.start_time) from pack_events pe join events e on e.id = pe.event_id where pe.pack_id = p.id), p.open_time, p.close_time)`;

/** The SQL twins of isAcceptingTakes and isComingSoon (src/domain/pack-state.ts); never null. */
function acceptingSql(now: Date): SQL {
  const at = now.toISOString();
  return sql`(p.status in ('coming-soon', 'open') and (p.open_time is null or p.open_time <= ${at}::timestamptz)
    and (p.close_time is null or p.close_time > ${at}::timestamptz))`;
}
function comingSoonSql(now: Date): SQL {
  const at = now.toISOString();
  return sql`(p.status in ('coming-soon', 'open') and (p.close_time is null or p.close_time > ${at}::timestamptz)
    and p.open_time is not null and p.open_time > ${at}::timestamptz)`;
}

/** feedRank of the pack's chip (src/domain/pack-state.ts), in SQL: open, coming soon, live and closed, graded. */
function rankSql(now: Date): SQL {
  return sql`(case when p.status = 'graded' then 3 when ${acceptingSql(now)} then 0 when ${comingSoonSql(now)} then 1 else 2 end)`;
}

function dayBetween(day: string): SQL {
  const { start, end } = nyDayBounds(day);
  return sql`(${ANCHOR} >= ${start.toISOString()}::timestamptz and ${ANCHOR} < ${end.toISOString()}::timestamptz)`;
}

/** The `where` of a scope over `packs p`, or null when it can match nothing (a slug that cannot exist). */
function scopeSql(scope: PackScope, now: Date): SQL | null {
  // A team slug that cannot exist matches no pack (and never reaches SQL).
  if (scope.teamSlug && !/^[a-z0-9-]{1,60}$/.test(scope.teamSlug)) return null;
  if (scope.packURLs && scope.packURLs.length === 0) return null;
  const parts: SQL[] = [];
  if (scope.day) {
    parts.push(sql`p.status in ('coming-soon', 'open', 'live', 'graded')`, dayBetween(scope.day));
  } else {
    const since = new Date(now.getTime() - GRADED_WINDOW_DAYS * DAY_MS).toISOString();
    // A pack left ungraded long after its close is not current either: it would otherwise sort first for ever.
    parts.push(sql`((p.status in ('coming-soon', 'open', 'live') and (p.close_time is null or p.close_time >= ${since}::timestamptz))
      or (p.status = 'graded' and coalesce(p.close_time, p.created_at) >= ${since}::timestamptz))`);
    if (scope.frontDay) parts.push(dayBetween(scope.frontDay));
  }
  if (scope.league) parts.push(sql`p.league = ${scope.league}`);
  if (scope.featured) parts.push(sql`p.featured`);
  if (scope.packURLs)
    parts.push(
      sql`p.pack_url in (${sql.join(
        scope.packURLs.map((u) => sql`${u}`),
        sql`, `,
      )})`,
    );
  if (scope.teamSlug) {
    // A route slug names one team: `mlb-giants` the MLB Giants, `giants` the NFL ones.
    const { league, slug } = parseTeamRouteSlug(scope.teamSlug);
    parts.push(sql`exists (select 1 from pack_events pe join events e on e.id = pe.event_id
      join teams tm on tm.id in (e.home_team_id, e.away_team_id)
      where pe.pack_id = p.id and tm.slug = ${slug} and ${ROUTE_SLUG} = ${league ? `${league}-${slug}` : slug})`);
  }
  if (scope.phases) {
    const wanted = scope.phases.map((phase) =>
      phase === "open"
        ? acceptingSql(now)
        : phase === "coming-soon"
          ? comingSoonSql(now)
          : sql`not (${acceptingSql(now)} or ${comingSoonSql(now)})`,
    );
    parts.push(sql`(${sql.join(wanted, sql` or `)})`);
  }
  return sql.join(parts, sql` and `);
}

/** The sort select of docs/SCREENS.md §2.1 as an `order by`; "All" puts open, coming soon, live/closed, graded first. */
function orderSql(sort: PackSort, phaseFirst: boolean, now: Date): SQL {
  const by: Record<PackSort, SQL> = {
    "close-asc": sql`p.close_time asc nulls last`,
    "close-desc": sql`p.close_time desc nulls last`,
    "open-desc": sql`p.open_time desc nulls last`,
    "created-desc": sql`p.created_at desc`,
    title: sql`p.title asc`,
  };
  return sql`${phaseFirst ? sql`${rankSql(now)} asc, ` : sql``}${by[sort]}, p.title asc, p.id asc`;
}

/**
 * How many packs a scope holds, and how many of them fall on each of `days`
 * (New York days; the feed's tab counts), counted in SQL.
 */
export async function countPacks(scope: PackScope, days: string[] = []): Promise<{ total: number; byDay: Record<string, number> }> {
  const now = scope.now ?? new Date();
  const where = scopeSql(scope, now);
  if (!where) return { total: 0, byDay: Object.fromEntries(days.map((d) => [d, 0])) };
  const db = await getReadDb();
  const perDay = days.map((day, i) => {
    const { start, end } = nyDayBounds(day);
    return sql`count(*) filter (where w.anchor >= ${start.toISOString()}::timestamptz and w.anchor < ${end.toISOString()}::timestamptz)::int as ${sql.raw(`d${i}`)}`;
  });
  const [row] = await selectRows(
    db,
    sql`select count(*)::int as total${perDay.length ? sql`, ${sql.join(perDay, sql`, `)}` : sql``}
        from (select ${ANCHOR} as anchor from packs p where ${where}) w`,
    rowShape((r) => ({ total: r.int("total"), byDay: Object.fromEntries(days.map((d, i) => [d, r.int(`d${i}`)])) })),
  );
  return row ?? { total: 0, byDay: Object.fromEntries(days.map((d) => [d, 0])) };
}

/**
 * Packs players may see (never draft or archived), with counts, the viewer's
 * progress and the effective status at `now`: the first `limit` of a scope
 * in the chosen order, chosen, ordered and cut in SQL.
 */
export async function listPacks(
  input: PackScope & { viewerProfileId?: string | null; sort?: PackSort; phaseFirst?: boolean; limit?: number },
): Promise<PackSummary[]> {
  const now = input.now ?? new Date();
  const where = scopeSql(input, now);
  if (!where) return [];
  const limit = Math.max(1, Math.min(input.limit ?? PACKS_LIST_MAX, PACKS_LIST_MAX));
  const rows = await selectPacks(
    where,
    orderSql(input.sort ?? "close-asc", input.phaseFirst ?? false, now),
    limit,
    input.viewerProfileId ?? null,
  );
  return rows.map((row) => toSummary(row, now));
}

/** The key of the API's order: close time, packs without one last (as 'infinity', so the cursor names an exact place). */
const CLOSE_KEY = sql`coalesce(p.close_time, 'infinity'::timestamptz)`;

/**
 * A page of a scope for `GET /api/packs`: soonest close first, then id, the
 * `limit` packs after `cursor` (keyset, src/server/http/keyset.ts).
 */
export async function listPacksPage(
  input: PackScope & { viewerProfileId?: string | null; limit: number; cursor?: string },
): Promise<KeysetPage<PackSummary>> {
  const now = input.now ?? new Date();
  const where = scopeSql(input, now);
  if (!where) return { items: [], nextCursor: null };
  const seek = timeSeek(input.cursor, sql`${CLOSE_KEY}, p.id`, false);
  const after = seek ? sql` and ${seek}` : sql``;
  const rows = await selectPacks(sql`${where}${after}`, sql`${CLOSE_KEY} asc, p.id asc`, input.limit + 1, input.viewerProfileId ?? null);
  const page = keysetPage(rows, input.limit, (row) => ({ key: row.close_key, id: row.id }));
  return { items: page.items.map((row) => toSummary(row, now)), nextCursor: page.nextCursor };
}

async function selectPacks(where: SQL, order: SQL, limit: number, viewer: string | null): Promise<PackRow[]> {
  const db = await getReadDb();
  const chosen = sql`select p.id, row_number() over (order by ${order}) as nth, ${CLOSE_KEY}::text as close_key
      from packs p where ${where}
      order by nth limit ${limit}`;
  return selectRows(
    db,
    sql`with chosen as (${chosen})
        select ${PACK_CARD_COLUMNS}, ch.close_key, p.created_at, p.featured,
          ev.first_event, ev.game_statuses, ev.games,
          (select count(*)::int from props pr where pr.pack_id = p.id) as props_count,
          (select coalesce(sum(c.takes), 0)::int from prop_take_counts c where c.pack_id = p.id) as take_count,
          ${viewer ? sql`(select count(*)::int from takes t where t.pack_id = p.id and t.is_current and t.profile_id = ${viewer})` : sql`null`} as viewer_progress,
          w.handle as winner_handle, p.winner_points,
          c.handle as creator_handle,
          (select coalesce(json_agg(json_build_object('slug', ${ROUTE_SLUG}, 'name', tm.name, 'logoUrl', tm.logo_url, 'league', tm.league) order by tm.name), '[]')
             from (select distinct tm.slug, tm.name, tm.logo_url, tm.league
                   from pack_events pe join events e on e.id = pe.event_id
                   join teams tm on tm.id in (e.home_team_id, e.away_team_id)
                   where pe.pack_id = p.id) tm) as teams,
          (select coalesce(json_agg(json_build_object('slug', s.slug, 'title', s.title) order by sp.position), '[]')
             from series_packs sp join series s on s.id = sp.series_id where sp.pack_id = p.id) as series
        from packs p
        left join profiles w on w.id = p.winner_profile_id
        left join profiles c on c.id = p.creator_profile_id
        left join lateral (
          -- One pass over the pack's games: the first start, their statuses, and the first
          -- two with their scores for the card (what the prop cards show, get-pack-page.ts).
          select min(g.start_time) as first_event, coalesce(json_agg(g.status), '[]') as game_statuses,
            coalesce(json_agg(json_build_object('id', g.id, 'startTime', g.start_time, 'status', g.status, 'statusDetail', g.status_detail,
                       'homeScore', g.home_score, 'awayScore', g.away_score, 'home', h.abbreviation, 'away', a.abbreviation,
                       'liveState', g.live_state, 'liveVersion', g.live_version, 'scoreReadAt', g.score_read_at)
                     order by g.nth) filter (where g.nth <= ${PACK_CARD_GAMES}), '[]') as games
          from (select e.id, e.start_time, e.status, e.status_detail, e.home_score, e.away_score, e.home_team_id, e.away_team_id,
                  e.live_state, e.live_version, e.score_read_at,
                  row_number() over (order by e.start_time, e.id) as nth
                from pack_events pe join ${SHOWN_EVENTS} e on e.id = pe.event_id where pe.pack_id = p.id) g
          left join teams h on h.id = g.home_team_id and g.nth <= ${PACK_CARD_GAMES}
          left join teams a on a.id = g.away_team_id and g.nth <= ${PACK_CARD_GAMES}
        ) ev on true
        join chosen ch on ch.id = p.id
        order by ch.nth`,
    packRow,
  );
}

const packGame = rowShape((r): PackGame => ({
  id: r.text("id"),
  startTime: r.date("startTime"),
  status: r.text("status"),
  statusDetail: r.textOrNull("statusDetail"),
  homeScore: r.intOrNull("homeScore"),
  awayScore: r.intOrNull("awayScore"),
  home: r.textOrNull("home"),
  away: r.textOrNull("away"),
  liveState: r.textOrNull("liveState"),
  liveVersion: r.intOrNull("liveVersion"),
  scoreReadAt: r.dateOrNull("scoreReadAt"),
}));
const packTeam = rowShape((r) => ({
  slug: r.text("slug"),
  name: r.text("name"),
  logoUrl: r.textOrNull("logoUrl"),
  league: r.text("league"),
}));
const packSeries = rowShape((r) => ({ slug: r.text("slug"), title: r.text("title") }));

const packRow = rowShape((r) => ({
  ...packCardFields(r),
  created_at: r.date("created_at"),
  featured: r.bool("featured"),
  first_event: r.dateOrNull("first_event"),
  game_statuses: r.get("game_statuses", (value) => (Array.isArray(value) ? value.map(String) : [])),
  games: r.list("games", packGame),
  props_count: r.int("props_count"),
  take_count: r.int("take_count"),
  viewer_progress: r.intOrNull("viewer_progress"),
  winner_handle: r.textOrNull("winner_handle"),
  winner_points: r.intOrNull("winner_points"),
  creator_handle: r.textOrNull("creator_handle"),
  teams: r.list("teams", packTeam),
  series: r.list("series", packSeries),
  close_key: r.text("close_key"),
}));
type PackRow = ReturnType<typeof packRow>;

function toSummary(r: PackRow, now: Date): PackSummary {
  const clock = { status: r.status, openTime: r.open_time, closeTime: r.close_time };
  const eventTime = r.first_event;
  const dayAnchor = eventTime ?? clock.openTime ?? clock.closeTime;
  return {
    id: r.id,
    packURL: r.pack_url,
    title: r.title,
    league: r.league,
    status: r.status,
    chip: packStatusChip({ ...clock, firstEventStart: eventTime, allEventsFinal: allGamesOver(r.game_statuses, clock, now) }, now),
    phase: packPhase(clock, now),
    coverUrl: r.cover_url,
    summary: r.summary,
    prizeTitle: r.prize_title,
    openTime: clock.openTime,
    closeTime: clock.closeTime,
    createdAt: r.created_at,
    eventTime,
    day: dayAnchor ? nyDay(dayAnchor) : null,
    games: r.games,
    propsCount: r.props_count,
    takeCount: r.take_count,
    viewerProgress: r.viewer_progress,
    winner: r.winner_handle ? { handle: r.winner_handle, points: r.winner_points ?? 0 } : null,
    creatorHandle: r.creator_handle,
    featured: r.featured,
    teams: r.teams,
    series: r.series,
  };
}
