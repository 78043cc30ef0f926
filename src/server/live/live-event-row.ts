import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { RowReader } from "@/server/db/rows";
import { liveSeedOf, type LiveGameSeed } from "@/domain/live";

/**
 * A take's game as a page reads it for its live view (the profile's takes and a receipt): the
 * event columns to select from `events` under `alias`, their one reader
 * (docs/decisions/055-typed-row-edge.md), and the live seed made from them.
 */
export const liveEventColumns = (alias: "e" | "ev"): SQL =>
  sql.raw(
    `${alias}.id as event_id, ${alias}.status as event_status, ${alias}.status_detail, ${alias}.home_score, ${alias}.away_score, ${alias}.start_time,
          ${alias}.live_state, ${alias}.live_version, ${alias}.score_read_at`,
  );

export const liveEventFields = (r: RowReader) => ({
  event_id: r.textOrNull("event_id"),
  event_status: r.textOrNull("event_status"),
  status_detail: r.textOrNull("status_detail"),
  home_score: r.intOrNull("home_score"),
  away_score: r.intOrNull("away_score"),
  start_time: r.dateOrNull("start_time"),
  live_state: r.textOrNull("live_state"),
  live_version: r.intOrNull("live_version"),
  score_read_at: r.dateOrNull("score_read_at"),
});

/** The live seed of the game `eventId` read with liveEventFields (events.status and start_time are not null, src/server/db/schema.ts). */
export const liveSeedOfRow = (
  eventId: string,
  row: ReturnType<typeof liveEventFields>,
  league: string,
  teams: { home: string | null; away: string | null },
): LiveGameSeed =>
  liveSeedOf(
    {
      id: eventId,
      status: row.event_status!,
      statusDetail: row.status_detail,
      homeScore: row.home_score,
      awayScore: row.away_score,
      startTime: row.start_time!,
      liveState: row.live_state,
      liveVersion: row.live_version,
      scoreReadAt: row.score_read_at,
    },
    league,
    teams,
  );
