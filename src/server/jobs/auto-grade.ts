import "server-only";
import { and, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { League } from "@/config";
import { decideAutoGrade, type GameResult, type Outcome } from "@/domain/auto-grade";
import type { PropStatus } from "@/domain/authoring";
import { nyDay } from "@/domain/time";
import { getDb } from "@/server/db/client";
import { events, eventScoreOverrides, props, teams } from "@/server/db/schema";
import { purgePublicPages } from "@/server/http/page-cache";
import type { EspnClient } from "@/server/integrations/espn/client";
import { EspnFetchError } from "@/server/integrations/espn/fetch-json";
import type { EspnGame } from "@/server/integrations/espn/game";
import type { ParsedScoreboard } from "@/server/integrations/espn/parse-scoreboard";
import { writeLiveReading } from "@/server/live/write-live-reading";
import { errorFields, log } from "@/server/ops/log";
import { appMetrics } from "@/server/ops/metrics";
import { recordAutoGradeAttempts, type AutoGradeAttempt } from "./auto-grade-log";

/**
 * The grading use-case this job hands decisions to (src/server/grading/grade-prop.ts):
 * it pays or voids the takes, idempotently. The job itself never touches takes or tokens.
 */
export type GradePropFn = (input: {
  propId: string;
  outcome: Outcome;
  resultText: string;
  /** Null: the system graded it (no admin did). */
  actorProfileId: string | null;
  now: Date;
}) => Promise<unknown>;

/**
 * Where a game's result came from: ESPN's summary, its scoreboard for the game's day, our own imported
 * row, or the commissioner's hand score, which stands in for ESPN's whatever ESPN says
 * (docs/decisions/060-one-score-per-game.md).
 */
export type ResultSource = "summary" | "scoreboard" | "imported" | "hand";

export interface AutoGradeReport {
  eventsChecked: number;
  graded: Array<{ propId: string; outcome: Outcome; resultText: string; source: ResultSource }>;
  waiting: Array<{ propId: string; reason: string }>;
  failedEvents: Array<{ eventId: string; error: string }>;
}

const UNGRADED: PropStatus[] = ["open", "closed"];

/**
 * Grades props that have an auto-grading rule and an ESPN-linked event whose
 * start has passed (docs/decisions/027-auto-grading-sources.md). Each game's
 * result is read, outside any transaction, from ESPN's summary; when that is
 * unavailable, from ESPN's scoreboard of the game's day (one request per league
 * and day per run); when ESPN cannot be reached at all, from the event as last
 * imported, if that import already said final. A network answer also keeps the
 * event's status and score up to date, so games in progress show their score. A
 * prop is graded only once the game is final and completed; a postponed or
 * cancelled game voids it; a suspended game waits until its written window has
 * passed since the scheduled start, then voids (src/domain/house-rules.ts);
 * anything else (in progress) is left for a later run. Safe to run twice or on two machines: already-graded props
 * are not candidates and the grading use-case is idempotent. `packId` limits a
 * run to one pack ("Auto grade now"). `eventIds` limits it to some games and
 * `readGames` hands it games already read (keyed by ESPN id), used instead of
 * any request: the live poller passes the finals it has just read, so a game
 * is graded the moment it ends with no second request
 * (docs/decisions/053-game-day-live.md).
 */
export async function runAutoGrade(deps: {
  espn: EspnClient;
  gradeProp: GradePropFn;
  now?: Date;
  packId?: string;
  eventIds?: string[];
  readGames?: ReadonlyMap<string, EspnGame>;
  /** The admin who pressed "Auto grade now", named in the audit log; null (the default) for the worker. */
  actorProfileId?: string | null;
}): Promise<AutoGradeReport> {
  const now = deps.now ?? new Date();
  const db = await getDb();
  const home = alias(teams, "home_team");
  const away = alias(teams, "away_team");
  const candidates = await db
    .select({
      propId: props.id,
      rule: props.gradingRule,
      params: props.gradingParams,
      eventId: events.id,
      league: events.league,
      espnEventId: events.espnEventId,
      startTime: events.startTime,
      status: events.status,
      homeScore: events.homeScore,
      awayScore: events.awayScore,
      handStatus: eventScoreOverrides.status,
      handHomeScore: eventScoreOverrides.homeScore,
      handAwayScore: eventScoreOverrides.awayScore,
      homeAbbreviation: home.abbreviation,
      awayAbbreviation: away.abbreviation,
    })
    .from(props)
    .innerJoin(events, eq(events.id, props.eventId))
    .leftJoin(home, eq(home.id, events.homeTeamId))
    .leftJoin(away, eq(away.id, events.awayTeamId))
    .leftJoin(eventScoreOverrides, eq(eventScoreOverrides.eventId, events.id))
    .where(
      and(
        isNotNull(props.gradingRule),
        inArray(props.status, UNGRADED),
        isNotNull(events.espnEventId),
        sql`${events.espnEventId} ~ '^[0-9]+$'`,
        // A game already read over needs no start check: ESPN's own reading says it ended (or will not be played).
        deps.readGames ? undefined : lte(events.startTime, now),
        deps.packId ? eq(props.packId, deps.packId) : undefined,
        deps.eventIds ? inArray(events.id, deps.eventIds) : undefined,
      ),
    )
    .orderBy(events.startTime);

  const report: AutoGradeReport = { eventsChecked: 0, graded: [], waiting: [], failedEvents: [] };
  const byEvent = new Map<string, typeof candidates>();
  for (const candidate of candidates) byEvent.set(candidate.eventId, [...(byEvent.get(candidate.eventId) ?? []), candidate]);
  const scoreboards = new Map<string, Promise<ParsedScoreboard>>();
  // Why each prop was or was not graded, kept per prop for the grading screens (decision 041).
  const attempts: AutoGradeAttempt[] = [];

  for (const [eventId, eventProps] of byEvent) {
    const stored = eventProps[0]!;
    const given = deps.readGames?.get(stored.espnEventId!);
    // A hand score is the game's result: ESPN is not asked (its later reading is only compared, on the grading screens).
    const hand = handResultOf(stored);
    const read: Awaited<ReturnType<typeof readResult>> = hand
      ? { result: hand, source: "hand" }
      : given
        ? { result: resultOf(given), source: "scoreboard", game: given, live: true }
        : await readResult(deps.espn, scoreboards, stored);
    if ("error" in read) {
      log("warn", "auto-grade: no result for the game", { eventId, espnEventId: stored.espnEventId, error: read.error });
      report.failedEvents.push({ eventId, error: read.error });
      for (const prop of eventProps) {
        report.waiting.push({ propId: prop.propId, reason: `no result from ESPN: ${read.error}` });
        attempts.push({ propId: prop.propId, outcome: "error", reason: `no result from ESPN (${read.error})` });
      }
      continue;
    }
    report.eventsChecked++;
    // A game handed over already read was stored by its reader (the live poller).
    if (read.game && !given) await syncEventResult(eventId, read.game, now);
    for (const prop of eventProps) {
      const decision = decideAutoGrade(prop.rule, prop.params, read.result, { startTime: prop.startTime, now });
      if (decision.action !== "grade") {
        report.waiting.push({ propId: prop.propId, reason: decision.reason });
        attempts.push(
          decision.action === "wait"
            ? { propId: prop.propId, outcome: "waiting", reason: `${decision.reason}${gameLine(read.result, read.game)}` }
            : { propId: prop.propId, outcome: "skipped", reason: `grading rule needs setup: ${decision.reason}` },
        );
        continue;
      }
      try {
        await deps.gradeProp({
          propId: prop.propId,
          outcome: decision.outcome,
          resultText: decision.resultText,
          actorProfileId: deps.actorProfileId ?? null,
          now,
        });
        report.graded.push({ propId: prop.propId, outcome: decision.outcome, resultText: decision.resultText, source: read.source });
        attempts.push({
          propId: prop.propId,
          outcome: "graded",
          reason: gradedWords(decision.outcome, decision.resultText, read.live ? "live" : read.source),
        });
      } catch (error) {
        log("error", "auto-grade: grading failed", { propId: prop.propId, ...errorFields(error) });
        report.waiting.push({ propId: prop.propId, reason: "grading failed" });
        attempts.push({ propId: prop.propId, outcome: "error", reason: `grading failed: ${messageOf(error)}` });
      }
    }
  }
  try {
    await recordAutoGradeAttempts(attempts, now);
  } catch (error) {
    // The log explains; it never stops grading.
    log("warn", "auto-grade: could not record the run log", errorFields(error));
  }
  appMetrics().autoGradeRuns.inc();
  appMetrics().propsAutoGraded.inc(report.graded.length);
  // Graded results show on the public pages at once in this process; other servers' copies age out in seconds.
  if (report.graded.length) purgePublicPages();
  if (report.graded.length || report.failedEvents.length) {
    log("info", "auto-grade run", { graded: report.graded.length, waiting: report.waiting.length, failed: report.failedEvents.length });
  }
  return report;
}

interface StoredEvent {
  league: string;
  espnEventId: string | null;
  startTime: Date;
  status: string;
  homeScore: number | null;
  awayScore: number | null;
  handStatus: "final" | "postponed" | "suspended" | null;
  handHomeScore: number | null;
  handAwayScore: number | null;
  homeAbbreviation: string | null;
  awayAbbreviation: string | null;
}

/** The commissioner's hand score as a game result (a hand "final" is completed by definition). */
function handResultOf(stored: StoredEvent): GameResult | null {
  if (!stored.handStatus) return null;
  return {
    status: stored.handStatus,
    completed: stored.handStatus === "final",
    homeScore: stored.handHomeScore,
    awayScore: stored.handAwayScore,
    homeAbbreviation: stored.homeAbbreviation ?? "HOME",
    awayAbbreviation: stored.awayAbbreviation ?? "AWAY",
  };
}

const resultOf = (game: EspnGame): GameResult => ({
  status: game.status,
  completed: game.completed,
  homeScore: game.home.score,
  awayScore: game.away.score,
  homeAbbreviation: game.home.abbreviation,
  awayAbbreviation: game.away.abbreviation,
});

const OUTCOME_WORDS: Record<Outcome, string> = { A: "side A wins", B: "side B wins", push: "push", void: "void" };

/** What the run graded and from where, in the run log's words: "side B wins (GB 30 @ SEA 13); ESPN summary unavailable; graded from the scoreboard's final". */
function gradedWords(outcome: Outcome, resultText: string, source: ResultSource | "live"): string {
  const what = outcome === "void" ? `void, game ${resultText.toLowerCase()}` : `${OUTCOME_WORDS[outcome]} (${resultText})`;
  const from = {
    summary: "from ESPN's game summary",
    scoreboard: `ESPN summary unavailable; graded from the scoreboard${outcome === "void" ? "" : "'s final"}`,
    imported: "ESPN unreachable; graded from the imported final",
    live: `graded at once from the live scoreboard${outcome === "void" ? "" : "'s final"}`,
    hand: "from the result the commissioner typed",
  }[source];
  return `${what}; ${from}`;
}

/** " (DET 4 @ CHW 3, Top 7th)": the score and ESPN's status words of a game not yet final, when known. */
function gameLine(result: GameResult, game?: EspnGame): string {
  const parts = [
    result.homeScore !== null && result.awayScore !== null
      ? `${result.awayAbbreviation} ${result.awayScore} @ ${result.homeAbbreviation} ${result.homeScore}`
      : null,
    game?.statusDetail ?? null,
  ].filter(Boolean);
  return parts.length ? ` (${parts.join(", ")})` : "";
}

/** Why a read failed, in an admin's words where ESPN's client gives them ("ESPN did not answer in 8 s"; issue 41 item 7). */
const messageOf = (error: unknown) =>
  error instanceof EspnFetchError ? error.reason : error instanceof Error ? error.message : String(error);

/** The game's result from the best source that answers: summary, then the day's scoreboard, then our imported final. */
async function readResult(
  espn: EspnClient,
  scoreboards: Map<string, Promise<ParsedScoreboard>>,
  stored: StoredEvent,
): Promise<{ result: GameResult; source: ResultSource; game?: EspnGame; live?: boolean } | { error: string }> {
  const league = stored.league as League;
  const espnEventId = stored.espnEventId!;
  const problems: string[] = [];
  try {
    const game = await espn.summary(league, espnEventId);
    return { result: resultOf(game), source: "summary", game };
  } catch (error) {
    problems.push(`summary: ${messageOf(error)}`);
  }
  // ESPN files a game under its Eastern day (a Sunday night game that ends after midnight UTC included).
  const day = nyDay(stored.startTime).replaceAll("-", "");
  const key = `${league}:${day}`;
  if (!scoreboards.has(key)) scoreboards.set(key, espn.dateScoreboard(league, day));
  try {
    const game = (await scoreboards.get(key)!).games.find((entry) => entry.espnEventId === espnEventId);
    if (game) return { result: resultOf(game), source: "scoreboard", game };
    problems.push(`scoreboard ${day}: game not listed`);
  } catch (error) {
    problems.push(`scoreboard ${day}: ${messageOf(error)}`);
  }
  // Our own import said final (ESPN's completed flag) with both scores: that is a final result.
  if (stored.status === "final" && stored.homeScore !== null && stored.awayScore !== null) {
    return {
      result: {
        status: "final",
        completed: true,
        homeScore: stored.homeScore,
        awayScore: stored.awayScore,
        homeAbbreviation: stored.homeAbbreviation ?? "HOME",
        awayAbbreviation: stored.awayAbbreviation ?? "AWAY",
      },
      source: "imported",
    };
  }
  return { error: problems.join("; ") };
}

/**
 * Keeps the event's status, score and live reading in step with ESPN through the live poller's
 * writer, so a change read here also takes a new version and reaches the live streams
 * (docs/decisions/053-game-day-live.md).
 */
async function syncEventResult(eventId: string, game: EspnGame, now: Date): Promise<void> {
  await writeLiveReading(await getDb(), eventId, game, now);
}
