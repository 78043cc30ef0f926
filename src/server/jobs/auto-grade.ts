import "server-only";
import { and, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { League } from "@/config";
import { decideAutoGrade, type Outcome } from "@/domain/auto-grade";
import { getDb } from "@/server/db/client";
import { events, props } from "@/server/db/schema";
import { purgePublicPages } from "@/server/http/page-cache";
import type { EspnClient } from "@/server/integrations/espn/client";
import type { EspnGame } from "@/server/integrations/espn/game";
import { errorFields, log } from "@/server/ops/log";

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

export interface AutoGradeReport {
  eventsChecked: number;
  graded: Array<{ propId: string; outcome: Outcome; resultText: string }>;
  waiting: Array<{ propId: string; reason: string }>;
  failedEvents: Array<{ eventId: string; error: string }>;
}

const UNGRADED = ["open", "closed"];

/**
 * Grades props that have an auto-grading rule and an ESPN-linked event whose
 * start has passed: reads each game's summary from ESPN (outside any
 * transaction), keeps the event's status and score up to date, and grades a
 * prop only once ESPN reports the game final and completed; a postponed or
 * cancelled game voids it; anything else is left for a later run. Safe to run
 * twice or on two machines: already-graded props are not candidates and the
 * grading use-case is idempotent.
 */
export async function runAutoGrade(deps: { espn: EspnClient; gradeProp: GradePropFn; now?: Date }): Promise<AutoGradeReport> {
  const now = deps.now ?? new Date();
  const db = await getDb();
  const candidates = await db
    .select({
      propId: props.id,
      rule: props.gradingRule,
      params: props.gradingParams,
      eventId: events.id,
      league: events.league,
      espnEventId: events.espnEventId,
    })
    .from(props)
    .innerJoin(events, eq(events.id, props.eventId))
    .where(
      and(
        isNotNull(props.gradingRule),
        inArray(props.status, UNGRADED),
        isNotNull(events.espnEventId),
        sql`${events.espnEventId} ~ '^[0-9]+$'`,
        lte(events.startTime, now),
      ),
    )
    .orderBy(events.startTime);

  const report: AutoGradeReport = { eventsChecked: 0, graded: [], waiting: [], failedEvents: [] };
  const byEvent = new Map<string, typeof candidates>();
  for (const candidate of candidates) byEvent.set(candidate.eventId, [...(byEvent.get(candidate.eventId) ?? []), candidate]);

  for (const [eventId, eventProps] of byEvent) {
    const { league, espnEventId } = eventProps[0]!;
    let game: EspnGame;
    try {
      game = await deps.espn.summary(league as League, espnEventId!);
    } catch (error) {
      log("warn", "auto-grade: summary unavailable", { eventId, espnEventId, ...errorFields(error) });
      report.failedEvents.push({ eventId, error: error instanceof Error ? error.message : String(error) });
      continue;
    }
    report.eventsChecked++;
    await syncEventResult(eventId, game);
    for (const prop of eventProps) {
      const decision = decideAutoGrade(prop.rule, prop.params, {
        status: game.status,
        completed: game.completed,
        homeScore: game.home.score,
        awayScore: game.away.score,
        homeAbbreviation: game.home.abbreviation,
        awayAbbreviation: game.away.abbreviation,
      });
      if (decision.action !== "grade") {
        report.waiting.push({ propId: prop.propId, reason: decision.reason });
        continue;
      }
      try {
        await deps.gradeProp({ propId: prop.propId, outcome: decision.outcome, resultText: decision.resultText, actorProfileId: null, now });
        report.graded.push({ propId: prop.propId, outcome: decision.outcome, resultText: decision.resultText });
      } catch (error) {
        log("error", "auto-grade: grading failed", { propId: prop.propId, ...errorFields(error) });
        report.waiting.push({ propId: prop.propId, reason: "grading failed" });
      }
    }
  }
  // Graded results show on the public pages at once in this process; other servers' copies age out in seconds.
  if (report.graded.length) purgePublicPages();
  if (report.graded.length || report.failedEvents.length) {
    log("info", "auto-grade run", { graded: report.graded.length, waiting: report.waiting.length, failed: report.failedEvents.length });
  }
  return report;
}

/** Keeps the event's status and score in step with ESPN; writes only when something changed. */
async function syncEventResult(eventId: string, game: EspnGame): Promise<void> {
  const db = await getDb();
  await db
    .update(events)
    .set({
      status: game.status,
      statusDetail: game.statusDetail,
      homeScore: game.home.score,
      awayScore: game.away.score,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(events.id, eventId),
        sql`(${events.status}, ${events.statusDetail}, ${events.homeScore}, ${events.awayScore})
          is distinct from (${game.status}::text, ${game.statusDetail}::text, ${game.home.score}::int, ${game.away.score}::int)`,
      ),
    );
}
