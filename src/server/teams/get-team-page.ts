import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { TeamPagePack } from "@/domain/views";
import { liveGameJson, liveGameJsonRow, seedFromJson } from "@/server/live/live-game-json";
import { getReadDb } from "@/server/db/client";
import { col, rowShape, selectRows } from "@/server/db/rows";
import { SHOWN_EVENTS } from "@/server/events/shown-events";
import { countBoardPlayers } from "@/server/leaderboards/count-board-players";
import { getLeaderboardPage } from "@/server/leaderboards/get-leaderboard-page";
import { findTeamBySlug, routeSlugOf } from "./team-route-slug";

export interface TeamPageData {
  team: { id: string; routeSlug: string; name: string; fullName: string; league: string; abbreviation: string; logoUrl: string | null };
  /** The latest graded packs, newest first. */
  recentResults: TeamPagePack[];
  leaderboard: {
    participants: number;
    rows: Array<{ rank: number; handle: string; points: number; won: number; lost: number; pushed: number }>;
  };
}

/** Everything `/teams/{teamSlug}` shows, or null for an unknown team; reads may come from a replica. */
export async function getTeamPage({ teamSlug }: { teamSlug: string }): Promise<TeamPageData | null> {
  const db = await getReadDb();
  const team = await findTeamBySlug(db, teamSlug);
  if (!team) return null;
  // The team's packs through its games (indexed by team); the current ones, and the last five
  // graded, each bounded by what the page shows (docs/decisions/024-season-scale.md).
  const teamPacks = (statuses: SQL, order: SQL, limit: number) => sql`
    select p.pack_url, p.title, p.league, p.status, p.cover_url,
          p.open_time, p.close_time,
          (select min(e.start_time) from pack_events pe join events e on e.id = pe.event_id where pe.pack_id = p.id) as event_time,
          w.handle as winner_handle, p.winner_points,
          (select ${liveGameJson("e", "h", "a")}
             from pack_events pe join ${SHOWN_EVENTS} e on e.id = pe.event_id
             left join teams h on h.id = e.home_team_id left join teams a on a.id = e.away_team_id
             where pe.pack_id = p.id and ${team.id} in (e.home_team_id, e.away_team_id)
             order by e.start_time limit 1) as game
    from packs p
    left join profiles w on w.id = p.winner_profile_id
    where p.status in (${statuses})
      and p.id in (select pe.pack_id from events e join pack_events pe on pe.event_id = e.id
                   where e.home_team_id = ${team.id}
                   union
                   select pe.pack_id from events e join pack_events pe on pe.event_id = e.id
                   where e.away_team_id = ${team.id})
    order by ${order}
    limit ${limit}`;
  const scope = `team:${team.id}`;
  // The team's current packs are its page's feed (listPacks by team, app/_feed/pack-feed.tsx); here its last results.
  const [graded, board, participants] = await Promise.all([
    selectRows(db, teamPacks(sql`'graded'`, sql`coalesce(p.close_time, p.open_time) desc nulls last`, 5), teamPackRow),
    getLeaderboardPage({ scope, db }),
    countBoardPlayers(scope, db),
  ]);
  const recentResults = graded.slice(0, 5);

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
    recentResults,
    leaderboard: {
      participants,
      // Only players with a graded take on the team's props: the rest are all 0 points, 0-0-0.
      rows: board.rows
        .filter((row) => row.won + row.lost + row.pushed > 0)
        .slice(0, 10)
        .map((row) => ({ rank: row.rank, handle: row.handle, points: row.points, won: row.won, lost: row.lost, pushed: row.pushed })),
    },
  };
}

const teamPackGame = col.row(liveGameJsonRow);

const teamPackRow = rowShape((r): TeamPagePack => {
  const league = r.text("league");
  const game = r.get("game", col.orNull(teamPackGame));
  return {
    packUrl: r.text("pack_url"),
    title: r.text("title"),
    league,
    status: r.text("status"),
    coverUrl: r.textOrNull("cover_url"),
    openTime: r.isoOrNull("open_time"),
    closeTime: r.isoOrNull("close_time"),
    firstEventTime: r.isoOrNull("event_time"),
    winnerHandle: r.textOrNull("winner_handle"),
    winnerPoints: r.intOrNull("winner_points"),
    game: game ? seedFromJson(game, league) : null,
  };
});
