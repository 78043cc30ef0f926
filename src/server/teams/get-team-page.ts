import "server-only";
import { sql } from "drizzle-orm";
import { getReadDb, queryRows } from "@/server/db/client";
import { findTeamBySlug, routeSlugOf } from "./team-route-slug";

export interface TeamPagePack {
  packUrl: string;
  title: string;
  league: string;
  status: string;
  coverUrl: string | null;
  openTime: string | null;
  closeTime: string | null;
  firstEventTime: string | null;
  winnerHandle: string | null;
  winnerPoints: number | null;
}
export interface TeamPageData {
  team: { id: string; routeSlug: string; name: string; fullName: string; league: string; abbreviation: string; logoUrl: string | null };
  /** Open, coming-soon and live packs: open first, then soonest. */
  packs: TeamPagePack[];
  /** The latest graded packs, newest first. */
  recentResults: TeamPagePack[];
  leaderboard: { participants: number; rows: Array<{ rank: number; handle: string; points: number; won: number; lost: number; pushed: number }> };
}

const iso = (ms: number | null) => (ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString());

/** Everything `/teams/{teamSlug}` shows, or null for an unknown team; reads may come from a replica. */
export async function getTeamPage({ teamSlug }: { teamSlug: string }): Promise<TeamPageData | null> {
  const db = await getReadDb();
  const team = await findTeamBySlug(db, teamSlug);
  if (!team) return null;
  const rows = await queryRows<{
    pack_url: string;
    title: string;
    league: string;
    status: string;
    cover_url: string | null;
    open_ms: number | null;
    close_ms: number | null;
    event_ms: number | null;
    winner_handle: string | null;
    winner_points: number | null;
  }>(
    db,
    sql`select p.pack_url, p.title, p.league, p.status, p.cover_url,
          (extract(epoch from p.open_time) * 1000)::float8 as open_ms,
          (extract(epoch from p.close_time) * 1000)::float8 as close_ms,
          (extract(epoch from min(e.start_time)) * 1000)::float8 as event_ms,
          w.handle as winner_handle, p.winner_points
        from packs p
        join pack_events pe on pe.pack_id = p.id
        join events e on e.id = pe.event_id
        left join profiles w on w.id = p.winner_profile_id
        where p.status in ('coming-soon', 'open', 'live', 'graded')
          and p.id in (select pe2.pack_id from pack_events pe2 join events e2 on e2.id = pe2.event_id
                       where e2.home_team_id = ${team.id} or e2.away_team_id = ${team.id})
        group by p.id, w.handle
        order by case p.status when 'open' then 0 when 'coming-soon' then 1 when 'live' then 2 else 3 end,
                 coalesce(p.close_time, p.open_time) desc
        limit 60`,
  );
  const toPack = (row: (typeof rows)[number]): TeamPagePack => ({
    packUrl: row.pack_url,
    title: row.title,
    league: row.league,
    status: row.status,
    coverUrl: row.cover_url,
    openTime: iso(row.open_ms),
    closeTime: iso(row.close_ms),
    firstEventTime: iso(row.event_ms),
    winnerHandle: row.winner_handle,
    winnerPoints: row.winner_points === null ? null : Number(row.winner_points),
  });
  const active = rows.filter((row) => row.status !== "graded").map(toPack);
  active.sort((a, b) => {
    const rank = (pack: TeamPagePack) => (pack.status === "open" ? 0 : pack.status === "coming-soon" ? 1 : 2);
    const when = (pack: TeamPagePack) => Date.parse(pack.closeTime ?? pack.openTime ?? pack.firstEventTime ?? "") || Infinity;
    return rank(a) - rank(b) || when(a) - when(b);
  });
  const recentResults = rows.filter((row) => row.status === "graded").slice(0, 5).map(toPack);

  const scope = `team:${team.id}`;
  const board = await queryRows<{ handle: string; points: number; won: number; lost: number; pushed: number; rank: number }>(
    db,
    sql`select pr.handle, lt.points::int as points, lt.won::int as won, lt.lost::int as lost, lt.pushed::int as pushed,
          (rank() over (order by lt.points desc, lt.won desc))::int as rank
        from leaderboard_totals lt join profiles pr on pr.id = lt.profile_id
        where lt.scope = ${scope}
        order by lt.points desc, lt.won desc, pr.handle
        limit 10`,
  );
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from leaderboard_totals where scope = ${scope}`);
  return {
    team: {
      id: team.id,
      routeSlug: await routeSlugOf(db, team),
      name: team.name,
      fullName: team.fullName,
      league: team.league,
      abbreviation: team.abbreviation,
      logoUrl: team.logoUrl,
    },
    packs: active,
    recentResults,
    leaderboard: { participants: Number(count?.n ?? 0), rows: board.map((row) => ({ ...row, rank: Number(row.rank), points: Number(row.points) })) },
  };
}
