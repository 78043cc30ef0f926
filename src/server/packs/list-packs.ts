import "server-only";
import { sql } from "drizzle-orm";
import { feedRank, packPhase, packStatusChip } from "@/domain/pack-state";
import { nyDay, nyDayBounds } from "@/domain/time";
import type { PackGame, PackSummary } from "@/domain/views";
import { getReadDb, queryRows } from "@/server/db/client";

/** The card shows score lines for up to two games. */
export const PACK_CARD_GAMES = 2;

interface Row {
  id: string;
  pack_url: string;
  title: string;
  league: string;
  status: string;
  cover_url: string | null;
  summary: string | null;
  prize_title: string | null;
  open_time: Date | string | null;
  close_time: Date | string | null;
  created_at: Date | string;
  featured: boolean;
  first_event: Date | string | null;
  all_final: boolean | null;
  games: Array<Omit<PackGame, "startTime"> & { startTime: string }> | string | null;
  props_count: number;
  take_count: number;
  viewer_progress: number | null;
  winner_handle: string | null;
  winner_points: number | null;
  creator_handle: string | null;
  teams: Array<{ slug: string; name: string; logoUrl: string | null; league: string }> | string | null;
  series: Array<{ slug: string; title: string }> | string | null;
}

const toDate = (v: Date | string | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));
const json = <T,>(v: T | string | null): T | null => (typeof v === "string" ? (JSON.parse(v) as T) : v);

export type PackSort = "close-asc" | "close-desc" | "open-desc" | "created-desc" | "title";

/**
 * The front of the feed (docs/decisions/020-feed-window.md): every current
 * pack (coming soon, open, live: what a player can still act on or is
 * waiting for, unless it closed more than the window ago and was never
 * graded), soonest close first, and the graded packs of the last
 * GRADED_WINDOW_DAYS days, newest first. Older packs stay reachable by day
 * (`day`), by their own page and from players' histories.
 */
export const CURRENT_PACKS_MAX = 500;
export const GRADED_WINDOW_DAYS = 7;
export const GRADED_PACKS_MAX = 200;

const DAY_MS = 86_400_000;

/**
 * Packs players may see (never draft or archived), with counts, the viewer's
 * progress and the effective status at `now`: the front of the feed, or with
 * `day` (a New York YYYY-MM-DD) every pack of that day, however old.
 */
export async function listPacks(input: {
  viewerProfileId?: string | null;
  league?: string | null;
  teamSlug?: string | null;
  packURLs?: string[];
  /** A New York calendar day: the packs whose first game (else open, else close time) falls on it. */
  day?: string | null;
  now?: Date;
}): Promise<PackSummary[]> {
  const now = input.now ?? new Date();
  // A team slug that cannot exist matches no pack (and never reaches SQL).
  if (input.teamSlug && !/^[a-z0-9-]{1,60}$/.test(input.teamSlug)) return [];
  const db = await getReadDb();
  const viewer = input.viewerProfileId ?? null;
  const filters = sql`${input.league ? sql`and p.league = ${input.league}` : sql``}
          ${input.packURLs ? sql`and p.pack_url in (${sql.join(input.packURLs.map((u) => sql`${u}`), sql`, `)})` : sql``}
          ${
            input.teamSlug
              ? sql`and exists (select 1 from pack_events pe join events e on e.id = pe.event_id
                     join teams tm on tm.id in (e.home_team_id, e.away_team_id)
                     where pe.pack_id = p.id and tm.slug = ${input.teamSlug})`
              : sql``
          }`;
  let chosen;
  if (input.day) {
    const { start, end } = nyDayBounds(input.day);
    const anchor = sql`coalesce((select min(e.start_time) from pack_events pe join events e on e.id = pe.event_id where pe.pack_id = p.id), p.open_time, p.close_time)`;
    chosen = sql`(select p.id from packs p
        where p.status in ('coming-soon', 'open', 'live', 'graded') ${filters}
          and ${anchor} >= ${start.toISOString()}::timestamptz and ${anchor} < ${end.toISOString()}::timestamptz
        order by p.close_time asc nulls last, p.created_at desc
        limit ${CURRENT_PACKS_MAX})`;
  } else {
    const since = new Date(now.getTime() - GRADED_WINDOW_DAYS * DAY_MS).toISOString();
    // A pack left ungraded long after its close is not current either: it would otherwise sort first for ever.
    chosen = sql`(select p.id from packs p
        where p.status in ('coming-soon', 'open', 'live') and (p.close_time is null or p.close_time >= ${since}::timestamptz) ${filters}
        order by p.close_time asc nulls last, p.created_at desc
        limit ${CURRENT_PACKS_MAX})
      union all
      (select p.id from packs p
        where p.status = 'graded' and coalesce(p.close_time, p.created_at) >= ${since}::timestamptz ${filters}
        order by p.close_time desc nulls last, p.created_at desc
        limit ${GRADED_PACKS_MAX})`;
  }
  const rows = await queryRows<Row>(
    db,
    sql`with chosen as (${chosen})
        select p.id, p.pack_url, p.title, p.league, p.status, p.cover_url, p.summary, p.prize_title,
          p.open_time, p.close_time, p.created_at, p.featured,
          ev.first_event, ev.all_final, ev.games,
          (select count(*)::int from props pr where pr.pack_id = p.id) as props_count,
          (select coalesce(sum(c.takes), 0)::int from prop_take_counts c where c.pack_id = p.id) as take_count,
          ${viewer ? sql`(select count(*)::int from takes t where t.pack_id = p.id and t.is_current and t.profile_id = ${viewer})` : sql`null`} as viewer_progress,
          w.handle as winner_handle, p.winner_points,
          c.handle as creator_handle,
          (select coalesce(json_agg(json_build_object('slug', tm.slug, 'name', tm.name, 'logoUrl', tm.logo_url, 'league', tm.league) order by tm.name), '[]')
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
          -- One pass over the pack's games: the first start, whether all are final, and the first
          -- two with their scores for the card (what the prop cards show, get-pack-page.ts).
          select min(g.start_time) as first_event, bool_and(g.status = 'final') as all_final,
            coalesce(json_agg(json_build_object('startTime', g.start_time, 'status', g.status, 'statusDetail', g.status_detail,
                       'homeScore', g.home_score, 'awayScore', g.away_score, 'home', h.abbreviation, 'away', a.abbreviation)
                     order by g.nth) filter (where g.nth <= ${PACK_CARD_GAMES}), '[]') as games
          from (select e.start_time, e.status, e.status_detail, e.home_score, e.away_score, e.home_team_id, e.away_team_id,
                  row_number() over (order by e.start_time, e.id) as nth
                from pack_events pe join events e on e.id = pe.event_id where pe.pack_id = p.id) g
          left join teams h on h.id = g.home_team_id and g.nth <= ${PACK_CARD_GAMES}
          left join teams a on a.id = g.away_team_id and g.nth <= ${PACK_CARD_GAMES}
        ) ev on true
        where p.id in (select id from chosen)
        order by p.close_time asc nulls last, p.created_at desc`,
  );
  return rows.map((r) => {
    const clock = { status: r.status, openTime: toDate(r.open_time), closeTime: toDate(r.close_time) };
    const eventTime = toDate(r.first_event);
    const dayAnchor = eventTime ?? clock.openTime ?? clock.closeTime;
    return {
      id: r.id,
      packURL: r.pack_url,
      title: r.title,
      league: r.league,
      status: r.status,
      chip: packStatusChip({ ...clock, firstEventStart: eventTime, allEventsFinal: r.all_final === true }, now),
      phase: packPhase(clock, now),
      coverUrl: r.cover_url,
      summary: r.summary,
      prizeTitle: r.prize_title,
      openTime: clock.openTime,
      closeTime: clock.closeTime,
      createdAt: toDate(r.created_at)!,
      eventTime,
      day: dayAnchor ? nyDay(dayAnchor) : null,
      games: (json(r.games) ?? []).map((g) => ({ ...g, startTime: new Date(g.startTime) })),
      propsCount: Number(r.props_count),
      takeCount: Number(r.take_count),
      viewerProgress: r.viewer_progress === null ? null : Number(r.viewer_progress),
      winner: r.winner_handle ? { handle: r.winner_handle, points: Number(r.winner_points ?? 0) } : null,
      creatorHandle: r.creator_handle,
      featured: r.featured,
      teams: json(r.teams) ?? [],
      series: json(r.series) ?? [],
    };
  });
}

const time = (d: Date | null, fallback: number) => (d ? d.getTime() : fallback);

/** The sort select of docs/SCREENS.md §2.1; "All" puts open, coming soon, live/closed, graded first. */
export function sortPacks(list: PackSummary[], sort: PackSort, byPhaseFirst = false): PackSummary[] {
  const compare: Record<PackSort, (a: PackSummary, b: PackSummary) => number> = {
    "close-asc": (a, b) => time(a.closeTime, Infinity) - time(b.closeTime, Infinity),
    "close-desc": (a, b) => time(b.closeTime, -Infinity) - time(a.closeTime, -Infinity),
    "open-desc": (a, b) => time(b.openTime, -Infinity) - time(a.openTime, -Infinity),
    "created-desc": (a, b) => b.createdAt.getTime() - a.createdAt.getTime(),
    title: (a, b) => a.title.localeCompare(b.title),
  };
  return [...list].sort((a, b) => (byPhaseFirst ? feedRank(a.chip) - feedRank(b.chip) : 0) || compare[sort](a, b) || a.title.localeCompare(b.title));
}
