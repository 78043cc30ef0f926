import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { liveSeedOf, type LiveGameSeed } from "@/domain/live";
import { rowShape } from "@/server/db/rows";

/** A game's live columns as one JSON value in a query (docs/decisions/053-game-day-live.md). */
export interface LiveGameJson {
  id: string;
  status: string;
  statusDetail: string | null;
  homeScore: number | null;
  awayScore: number | null;
  startTime: string;
  liveState: string | null;
  liveVersion: number | null;
  scoreReadAt: string | null;
  home: string | null;
  away: string | null;
}

/** `json_build_object` of an event row `e` and its teams' rows `h` and `a` (aliases as named). */
export function liveGameJson(e: string, h: string, a: string): SQL {
  return sql.raw(
    `json_build_object('id', ${e}.id, 'status', ${e}.status, 'statusDetail', ${e}.status_detail, 'homeScore', ${e}.home_score,
       'awayScore', ${e}.away_score, 'startTime', ${e}.start_time, 'liveState', ${e}.live_state, 'liveVersion', ${e}.live_version,
       'scoreReadAt', ${e}.score_read_at, 'home', ${h}.abbreviation, 'away', ${a}.abbreviation)`,
  );
}

/** Reads liveGameJson's value, checked (read it with `col.row(liveGameJsonRow)`). */
export const liveGameJsonRow = rowShape((r): LiveGameJson => ({
  id: r.text("id"),
  status: r.text("status"),
  statusDetail: r.textOrNull("statusDetail"),
  homeScore: r.intOrNull("homeScore"),
  awayScore: r.intOrNull("awayScore"),
  startTime: r.iso("startTime"),
  liveState: r.textOrNull("liveState"),
  liveVersion: r.intOrNull("liveVersion"),
  scoreReadAt: r.isoOrNull("scoreReadAt"),
  home: r.textOrNull("home"),
  away: r.textOrNull("away"),
}));

/** The live islands' seed from liveGameJson's value. */
export function seedFromJson(game: LiveGameJson, league: string): LiveGameSeed {
  return liveSeedOf(
    { ...game, startTime: new Date(game.startTime), scoreReadAt: game.scoreReadAt ? new Date(game.scoreReadAt) : null },
    league,
    { home: game.home, away: game.away },
  );
}
