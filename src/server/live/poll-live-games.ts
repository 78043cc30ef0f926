import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { SUPPORTED_LEAGUES, type League } from "@/config";
import { LIVE_CHANNEL, type LiveNotice } from "@/domain/live";
import { nyDay } from "@/domain/time";
import { serverEnv } from "@/env";
import { getDb, type DbOrTx } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { getEspnClient, type EspnClient } from "@/server/integrations/espn/client";
import { EspnFetchError } from "@/server/integrations/espn/fetch-json";
import type { EspnGame } from "@/server/integrations/espn/game";
import { runAutoGrade, type GradePropFn } from "@/server/jobs/auto-grade";
import { errorFields, log } from "@/server/ops/log";
import { writeLiveReading } from "./write-live-reading";

// The live poller (docs/decisions/053-game-day-live.md): while a game of a published pack is in
// its live window, read its day's scoreboard once per league and day, store what a fan sees of
// each game, bump its version and notify LIVE_CHANNEL when that changed, and hand finals to
// auto-grading at once. While no game is in its window it asks the database one question and
// stops: no request to ESPN, no write.

/** A game enters its live window this long before its start... */
export const LIVE_WINDOW_LEAD_MS = 15 * 60_000;
/**
 * ...and leaves it when ESPN says final, postponed or cancelled, or at the latest this long
 * after its start: a game ESPN never finalises (a suspension it forgets, a data error) must
 * not be polled for ever. The longest games (extra innings, rain, overtime) end well inside it.
 */
export const LIVE_WINDOW_MAX_MS = 18 * 60 * 60_000;
/** The longest wait after repeated failures of one league-day's scoreboard. */
export const LIVE_BACKOFF_MAX_MS = 10 * 60_000;
/** live_polls rows of days older than this are purged (a few per run at most). */
export const LIVE_POLLS_KEPT_DAYS = 3;
const PURGE_BATCH = 100;
/** A bound on the games of one run; a real slate is about 15 per league and day. */
const WINDOW_LIMIT = 500;
const ERROR_TEXT_MAX = 300;

/**
 * The poller's ESPN requests are not retried within a run: the next run is one interval away,
 * and after a failure the backoff in live_polls is the retry (a failing ESPN is asked less, not
 * three times as often).
 */
export const LIVE_POLL_FETCH = { retries: 0, timeoutMs: 8_000 } as const;

export interface LivePollReport {
  /** Games in their live window at this run. */
  liveGames: number;
  /** Each league-day scoreboard read (or tried) this run. */
  reads: Array<{ league: League; day: string; ok: boolean; error?: string; gamesRead: number; changed: number }>;
  /** League-days not read because their backoff has not run out. */
  waiting: Array<{ league: League; day: string; nextPollAt: string }>;
  /** Events whose reading changed, with their new versions. */
  changed: Array<{ eventId: string; version: number }>;
  /** Props graded at once from finals read this run. */
  graded: number;
}

interface WindowGame {
  id: string;
  league: League;
  espnEventId: string;
  startTime: Date;
}

/**
 * One run of the live poller; never throws (a failure is logged, recorded per league-day for
 * the admin's live panel and retried after a backoff). `gradeProp` enables grading of the
 * finals it reads; `pollMs` is LIVE_POLL_MS unless given.
 */
export async function runLivePoll(
  deps: { espn?: EspnClient; gradeProp?: GradePropFn; now?: Date; pollMs?: number } = {},
): Promise<LivePollReport> {
  const now = deps.now ?? new Date();
  const report: LivePollReport = { liveGames: 0, reads: [], waiting: [], changed: [], graded: 0 };
  try {
    const db = await getDb();
    const window = await gamesInLiveWindow(db, now);
    report.liveGames = window.length;
    // Idle: that one query was all. No ESPN request, no write, no notice.
    if (window.length === 0) return report;

    const espn = deps.espn ?? getEspnClient(LIVE_POLL_FETCH);
    const pollMs = deps.pollMs ?? serverEnv().LIVE_POLL_MS;
    const groups = new Map<string, { league: League; day: string; games: WindowGame[] }>();
    for (const game of window) {
      // ESPN files a game under its Eastern day (as auto-grading reads it).
      const day = nyDay(game.startTime).replaceAll("-", "");
      const key = `${game.league}:${day}`;
      const group = groups.get(key) ?? { league: game.league, day, games: [] };
      group.games.push(game);
      groups.set(key, group);
    }
    const due = await dueGroups(db, [...groups.values()], now, report);
    const finals = new Map<string, EspnGame>();
    const finalEventIds: string[] = [];
    // Each league-day on its own: one that fails to store its reading does not stop the others.
    const settled = await Promise.allSettled(
      due.map(async (group) => {
        let games: EspnGame[];
        try {
          games = (await espn.dateScoreboard(group.league, group.day)).games;
        } catch (error) {
          const text = describeFailure(error);
          report.reads.push({ league: group.league, day: group.day, ok: false, error: text, gamesRead: 0, changed: 0 });
          await recordFailure(db, group, text, now, pollMs);
          return;
        }
        const byEspnId = new Map(games.map((game) => [game.espnEventId, game]));
        let gamesRead = 0;
        let changed = 0;
        for (const stored of group.games) {
          const game = byEspnId.get(stored.espnEventId);
          if (!game) continue;
          gamesRead++;
          const version = await writeLiveReading(db, stored.id, game, now);
          if (version !== null) {
            changed++;
            report.changed.push({ eventId: stored.id, version });
          }
          if (game.status === "final" || game.status === "postponed" || game.status === "cancelled") {
            finals.set(game.espnEventId, game);
            finalEventIds.push(stored.id);
          }
        }
        report.reads.push({ league: group.league, day: group.day, ok: true, gamesRead, changed });
        await recordSuccess(db, group, now);
      }),
    );
    for (const outcome of settled)
      if (outcome.status === "rejected") log("error", "live poll: could not store a reading", errorFields(outcome.reason));
    if (finalEventIds.length && deps.gradeProp) {
      // The game is over: grade its rule props now, from this very reading (no second request).
      const graded = await runAutoGrade({ espn, gradeProp: deps.gradeProp, now, eventIds: finalEventIds, readGames: finals });
      report.graded = graded.graded.length;
    }
    await purgeOldPolls(db, now);
  } catch (error) {
    log("error", "live poll failed", errorFields(error));
  }
  return report;
}

/**
 * The live window, on events aliased `e` (a range on events_start_time_idx): an ESPN-linked
 * game of a published pack's prop (a pack neither draft nor archived, as the grading queue
 * counts them), from LIVE_WINDOW_LEAD_MS before its start until it is final, postponed or
 * cancelled, and at most LIVE_WINDOW_MAX_MS after it. The admin's live panel lists the same games.
 */
export function inLiveWindow(now: Date): SQL {
  return sql`e.start_time <= ${new Date(now.getTime() + LIVE_WINDOW_LEAD_MS)}
    and e.start_time > ${new Date(now.getTime() - LIVE_WINDOW_MAX_MS)}
    and e.espn_event_id ~ '^[0-9]+$'
    and e.status not in ('final', 'postponed', 'cancelled')
    and exists (select 1 from props pr join packs p on p.id = pr.pack_id
                where pr.event_id = e.id and p.status not in ('draft', 'archived'))`;
}

const windowGameRow = rowShape((r): WindowGame => ({
  id: r.text("id"),
  league: r.oneOf("league", SUPPORTED_LEAGUES),
  espnEventId: r.text("espnEventId"),
  startTime: r.date("startTime"),
}));

/** The games in their live window: the poller's one question when nothing is live. */
async function gamesInLiveWindow(db: DbOrTx, now: Date): Promise<WindowGame[]> {
  return selectRows(
    db,
    sql`select e.id, e.league, e.espn_event_id as "espnEventId", e.start_time as "startTime"
      from events e
      where ${inLiveWindow(now)}
      order by e.start_time
      limit ${WINDOW_LIMIT}`,
    windowGameRow,
  );
}

/** The groups whose backoff has run out (or that never failed); the rest are reported as waiting. */
async function dueGroups<G extends { league: League; day: string }>(
  db: DbOrTx,
  groups: G[],
  now: Date,
  report: LivePollReport,
): Promise<G[]> {
  const keys = groups.map((group) => `${group.league}:${group.day}`);
  const rows = await selectRows(
    db,
    sql`select league || ':' || day as key, next_poll_at as "nextPollAt" from live_polls
      where league || ':' || day in (${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )})
        and next_poll_at > ${now}`,
    rowShape((r) => ({ key: r.text("key"), nextPollAt: r.date("nextPollAt") })),
  );
  const waiting = new Map(rows.map((row) => [row.key, new Date(row.nextPollAt)]));
  return groups.filter((group) => {
    const nextPollAt = waiting.get(`${group.league}:${group.day}`);
    if (nextPollAt) report.waiting.push({ league: group.league, day: group.day, nextPollAt: nextPollAt.toISOString() });
    return !nextPollAt;
  });
}

/** A good read: the failures are over; the league's viewers hear that it was read (their "as of"). */
async function recordSuccess(db: DbOrTx, group: { league: League; day: string }, now: Date): Promise<void> {
  const notice: LiveNotice = { kind: "poll", league: group.league, readAt: now.toISOString() };
  await db.execute(
    sql`with saved as (
        insert into live_polls (league, day, last_read_at, failures, next_poll_at)
        values (${group.league}, ${group.day}, ${now}, 0, null)
        on conflict (league, day) do update set last_read_at = excluded.last_read_at, failures = 0, next_poll_at = null
        returning 1
      )
      select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(notice)})::text from saved`,
  );
}

/**
 * A failed read (network, 5xx, a body that is not a scoreboard): recorded for the admin's live
 * panel, and the next read of that league-day waits LIVE_POLL_MS × 2^failures, at most
 * LIVE_BACKOFF_MAX_MS.
 */
async function recordFailure(db: DbOrTx, group: { league: League; day: string }, text: string, now: Date, pollMs: number): Promise<void> {
  log("warn", "live poll: ESPN scoreboard read failed", { league: group.league, day: group.day, error: text });
  try {
    await db.execute(
      sql`insert into live_polls (league, day, last_error, last_error_at, failures, next_poll_at)
        values (${group.league}, ${group.day}, ${text}, ${now}, 1, ${new Date(now.getTime() + Math.min(pollMs * 2, LIVE_BACKOFF_MAX_MS))})
        on conflict (league, day) do update set
          last_error = excluded.last_error,
          last_error_at = excluded.last_error_at,
          failures = live_polls.failures + 1,
          next_poll_at = ${now}::timestamptz
            + least(${pollMs}::float8 * power(2, least(live_polls.failures + 1, 20)), ${LIVE_BACKOFF_MAX_MS}::float8) * interval '1 millisecond'`,
    );
  } catch (error) {
    log("error", "live poll: could not record the failure", errorFields(error));
  }
}

/** Forgets league-days a few days gone, a batch at a time (only on runs that polled). */
async function purgeOldPolls(db: DbOrTx, now: Date): Promise<void> {
  const oldest = nyDay(new Date(now.getTime() - LIVE_POLLS_KEPT_DAYS * 24 * 60 * 60_000)).replaceAll("-", "");
  await db.execute(
    sql`delete from live_polls where (league, day) in (
      select league, day from live_polls where day < ${oldest} limit ${PURGE_BATCH})`,
  );
}

function describeFailure(error: unknown): string {
  const text = error instanceof EspnFetchError ? error.detail : error instanceof Error ? error.message : String(error);
  return text.slice(0, ERROR_TEXT_MAX);
}
