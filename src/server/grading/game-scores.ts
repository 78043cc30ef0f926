import "server-only";
import { AI_PLAYER_ID } from "@/domain/ai-player";
import { sql } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import { AppError } from "@/server/http/app-error";
import { touchLiveGame } from "@/server/live/write-live-reading";
import { isGradedStatus, outcomeOfStatus } from "@/domain/grading";
import { formatDateTime } from "@/domain/time";
import type {
  GameScore,
  GameScoreRow,
  GameScoresPreview,
  GameScoresRequest,
  GameScoresResult,
  HandGameStatus,
} from "@/domain/schemas/grading";
import { autoGradeDecisionOf, PROPS_FOR_GRADING_SELECT, propForGradingRow, type PropForGradingRow } from "./get-props-for-grading";
import { gradeProps, type PropGrade } from "./grade-props";
import { setPackWinners } from "./set-pack-winners";
import { uuidList } from "@/server/db/uuid-list";

// One score per game (docs/decisions/060-one-score-per-game.md, issue 41 item 1): the commissioner
// types a game's result once; it is stored beside ESPN's reading (event_score_overrides, which no
// ESPN sync writes) and every prop of every pack on the game is graded from it by the auto-grading
// rules (src/domain/auto-grade.ts decideAutoGrade, through autoGradeDecisionOf, which reads the hand
// score in place of ESPN's). Props without a rule stay for grading by hand.

/** The most games one list answers: a Sunday is 16, a full MLB day 15; the queue's list is bounded. */
const GAMES_LISTED = 100;

interface HandScore {
  status: HandGameStatus;
  homeScore: number | null;
  awayScore: number | null;
}

const sameScore = (a: HandScore, b: HandScore) => a.status === b.status && a.homeScore === b.homeScore && a.awayScore === b.awayScore;

const handOf = (score: GameScore): HandScore => ({
  status: score.status,
  homeScore: score.status === "final" ? (score.homeScore ?? null) : null,
  awayScore: score.status === "final" ? (score.awayScore ?? null) : null,
});

const gameRow = rowShape((r) => ({
  id: r.text("id"),
  title: r.text("title"),
  start_time: r.date("start_time"),
  status: r.text("status"),
  home_score: r.intOrNull("home_score"),
  away_score: r.intOrNull("away_score"),
  home_abbreviation: r.textOrNull("home_abbreviation"),
  away_abbreviation: r.textOrNull("away_abbreviation"),
  hand_status: r.textOrNull("hand_status"),
  hand_home: r.intOrNull("hand_home"),
  hand_away: r.intOrNull("hand_away"),
  reason: r.textOrNull("reason"),
  set_at: r.dateOrNull("set_at"),
  set_by: r.textOrNull("set_by"),
  props: r.int("props"),
  ungraded: r.int("ungraded"),
  packs: r.int("packs"),
}));
type GameDbRow = ReturnType<typeof gameRow>;

const GAME_SELECT = sql`
  select e.id, e.title, e.start_time, e.status, e.home_score, e.away_score,
         hmt.abbreviation as home_abbreviation, awt.abbreviation as away_abbreviation,
         o.status as hand_status, o.home_score as hand_home, o.away_score as hand_away, o.reason, o.set_at,
         pf.handle as set_by,
         (select count(*) from props pr where pr.event_id = e.id)::int as props,
         (select count(*) from props pr where pr.event_id = e.id and pr.status in ('open', 'closed'))::int as ungraded,
         (select count(distinct pr.pack_id) from props pr where pr.event_id = e.id)::int as packs
  from events e
  left join teams hmt on hmt.id = e.home_team_id
  left join teams awt on awt.id = e.away_team_id
  left join event_score_overrides o on o.event_id = e.id
  left join profiles pf on pf.id = o.set_by
`;

const scoreWords = (away: string, home: string, awayScore: number | null, homeScore: number | null) =>
  `${away} ${awayScore ?? "?"}–${homeScore ?? "?"} ${home}`;

/**
 * "ESPN says NE 24–17 DAL, you entered NE 24–20 DAL": ESPN's stored reading (kept current by the
 * import, the refresh and the live poller) when it is conclusive and differs from the hand score;
 * null when they agree or ESPN has no final word yet. Shown, never applied.
 */
function disagreementOf(
  row: Pick<
    GameDbRow,
    "status" | "home_score" | "away_score" | "hand_status" | "hand_home" | "hand_away" | "home_abbreviation" | "away_abbreviation"
  >,
): string | null {
  if (!row.hand_status || !["final", "postponed", "cancelled"].includes(row.status)) return null;
  const away = row.away_abbreviation ?? "AWAY";
  const home = row.home_abbreviation ?? "HOME";
  const espnFinal = row.status === "final";
  const handFinal = row.hand_status === "final";
  if (espnFinal && handFinal && row.home_score === row.hand_home && row.away_score === row.hand_away) return null;
  if (!espnFinal && row.status === row.hand_status) return null;
  const espn = espnFinal ? scoreWords(away, home, row.away_score, row.home_score) : row.status;
  const hand = handFinal ? `you entered ${scoreWords(away, home, row.hand_away, row.hand_home)}` : `you marked it ${row.hand_status}`;
  return `ESPN says ${espn}, ${hand}`;
}

function toGameScoreRow(row: GameDbRow): GameScoreRow {
  return {
    eventId: row.id,
    title: row.title,
    startTime: row.start_time.toISOString(),
    awayAbbreviation: row.away_abbreviation ?? "AWAY",
    homeAbbreviation: row.home_abbreviation ?? "HOME",
    espn: { status: row.status, homeScore: row.home_score, awayScore: row.away_score },
    hand: row.hand_status
      ? {
          status: row.hand_status as HandGameStatus,
          homeScore: row.hand_home,
          awayScore: row.hand_away,
          reason: row.reason,
          setAt: (row.set_at ?? row.start_time).toISOString(),
          setBy: row.set_by,
        }
      : null,
    disagreement: disagreementOf(row),
    props: row.props,
    ungraded: row.ungraded,
    packs: row.packs,
  };
}

/**
 * The games the score forms list: a pack's games (its grading page), or the games whose ungraded
 * props wait for a result (the queue): started, or over by ESPN or by hand. Soonest first, at most
 * GAMES_LISTED.
 */
export async function listGameScores(options: { packURL?: string; now?: Date; db?: Db } = {}): Promise<GameScoreRow[]> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const where = options.packURL
    ? sql`where e.id in (select pr.event_id from props pr join packs p on p.id = pr.pack_id where p.pack_url = ${options.packURL})`
    : sql`where exists (select 1 from props pr join packs p on p.id = pr.pack_id
                        where pr.event_id = e.id and pr.status in ('open', 'closed') and p.status <> 'draft')
            and (e.start_time <= ${now} or coalesce(o.status, e.status) in ('final', 'postponed', 'cancelled'))`;
  const rows = await selectRows(db, sql`${GAME_SELECT} ${where} order by e.start_time, e.id limit ${GAMES_LISTED}`, gameRow);
  return rows.map(toGameScoreRow);
}

async function gamesById(db: Db, ids: string[]): Promise<Map<string, GameDbRow>> {
  const rows = await selectRows(db, sql`${GAME_SELECT} where e.id in (${uuidList(ids)})`, gameRow);
  return new Map(rows.map((row) => [row.id, row]));
}

/** Every game asked for exists, and a final or suspension before the scheduled start was confirmed as such. */
function checkGames(games: Map<string, GameDbRow>, request: GameScoresRequest, now: Date, forPreview: boolean) {
  for (const score of request.scores) {
    const game = games.get(score.eventId.toLowerCase());
    if (!game) throw new AppError("BAD_REQUEST", "Unknown game.");
    if (!forPreview && score.status !== "postponed" && game.start_time > now && !request.beforeStart) {
      throw new AppError(
        "BAD_REQUEST",
        `${game.title} has not started by its schedule (${formatDateTime(game.start_time)}): confirm scoring it before its start.`,
      );
    }
  }
}

const handRowOf = (game: GameDbRow): HandScore | null =>
  game.hand_status ? { status: game.hand_status as HandGameStatus, homeScore: game.hand_home, awayScore: game.hand_away } : null;

/**
 * The grades the games' results give, by the auto-grading rules: every ungraded prop whose rule
 * decides; a graded prop only when its game's earlier hand score is being corrected (`corrected`)
 * and the rule now says otherwise. Props without a rule count as manual; a waiting rule as waiting.
 */
function gradesFrom(rows: PropForGradingRow[], corrected: Set<string>, now: Date) {
  const grades: PropGrade[] = [];
  let manual = 0;
  let waiting = 0;
  let regrades = 0;
  const packs = new Set<string>();
  for (const row of rows) {
    const graded = isGradedStatus(row.status);
    const decision = autoGradeDecisionOf(row, now);
    if (!decision || decision.action === "invalid") {
      if (!graded) manual++;
      continue;
    }
    if (decision.action === "wait") {
      if (!graded) waiting++;
      continue;
    }
    if (graded) {
      if (!row.event_id || !corrected.has(row.event_id)) continue;
      if (outcomeOfStatus(row.status) === decision.outcome && row.result_text === decision.resultText) continue;
      regrades++;
    }
    grades.push({ propId: row.id, outcome: decision.outcome, resultText: decision.resultText });
    packs.add(row.pack_url);
  }
  return { grades, manual, waiting, regrades, packs: packs.size };
}

async function propsOfGames(db: Db, eventIds: string[]): Promise<PropForGradingRow[]> {
  return selectRows(
    db,
    sql`${PROPS_FOR_GRADING_SELECT} where pr.event_id in (${uuidList(eventIds)}) order by e.start_time, p.pack_url, pr.position`,
    propForGradingRow,
  );
}

/** What typing these results would do, for the one confirmation: N props in M packs, K takes paid, what stays for hand grading. */
export async function previewGameScores(request: GameScoresRequest, options: { now?: Date; db?: Db } = {}): Promise<GameScoresPreview> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const ids = request.scores.map((score) => score.eventId.toLowerCase());
  const games = await gamesById(db, ids);
  checkGames(games, request, now, true);
  const typed = new Map(request.scores.map((score) => [score.eventId.toLowerCase(), handOf(score)]));
  const corrected = new Set(
    [...typed]
      .filter(([id, hand]) => {
        const before = handRowOf(games.get(id)!);
        return before && !sameScore(before, hand);
      })
      .map(([id]) => id),
  );
  // The rows as they would read with the typed results in place.
  const rows = (await propsOfGames(db, ids)).map((row) => {
    const hand = row.event_id ? typed.get(row.event_id) : undefined;
    return hand ? { ...row, event_status: hand.status, home_score: hand.homeScore, away_score: hand.awayScore } : row;
  });
  const { grades, manual, waiting, regrades, packs } = gradesFrom(rows, corrected, now);
  let takes = 0;
  if (grades.length) {
    const values = sql.join(
      grades.map((grade) => sql`(${grade.propId}::uuid, ${grade.outcome}::text)`),
      sql`, `,
    );
    const [row] = await selectRows(
      db,
      sql`with g(prop_id, outcome) as (values ${values})
          select count(*)::int as takes from takes t join g on g.prop_id = t.prop_id
          where t.is_current and (g.outcome = 'push' or g.outcome = t.side)
            -- The AI player is graded but never paid (docs/decisions/069-rivals-and-the-ai-player.md).
            and t.profile_id <> ${AI_PLAYER_ID}::uuid`,
      rowShape((r) => ({ takes: r.int("takes") })),
    );
    takes = row?.takes ?? 0;
  }
  return {
    games: ids.length,
    completes: await packsCompleted(db, grades),
    props: grades.length,
    packs,
    takes,
    regrades,
    manual,
    waiting,
    beforeStart: [...games.values()].filter((game) => game.start_time > now).length,
  };
}

/**
 * Stores the typed results (each game's row locked, so two submissions of one score store it once
 * and log it once) and grades every prop of every pack on those games through the grading use-case
 * (src/server/grading/grade-props.ts: one transaction per prop, idempotent, so a second submission
 * pays nothing more).
 */
export async function setGameScores(
  request: GameScoresRequest,
  options: { actorProfileId: string; now?: Date; db?: Db },
): Promise<GameScoresResult> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const ids = request.scores.map((score) => score.eventId.toLowerCase());
  checkGames(await gamesById(db, ids), request, now, false);
  const corrected = new Set<string>();
  for (const score of request.scores) {
    const eventId = score.eventId.toLowerCase();
    const hand = handOf(score);
    await db.transaction(async (tx) => {
      // The game's row lock first, then the hand result in a statement of its own: under READ
      // COMMITTED a statement that waited for the lock still sees the joined override as of its own
      // start, so a second identical request read "no hand score yet" and logged it again.
      await tx.execute(sql`select 1 from events where id = ${eventId}::uuid for update`);
      const [game] = await selectRows(
        tx,
        sql`select e.title, o.status as hand_status, o.home_score as hand_home, o.away_score as hand_away
            from events e left join event_score_overrides o on o.event_id = e.id
            where e.id = ${eventId}::uuid`,
        rowShape((r) => ({
          title: r.text("title"),
          hand_status: r.textOrNull("hand_status"),
          hand_home: r.intOrNull("hand_home"),
          hand_away: r.intOrNull("hand_away"),
        })),
      );
      if (!game) throw new AppError("BAD_REQUEST", "Unknown game.");
      const before = game.hand_status
        ? { status: game.hand_status as HandGameStatus, homeScore: game.hand_home, awayScore: game.hand_away }
        : null;
      if (before && sameScore(before, hand)) return;
      if (before) corrected.add(eventId);
      await tx.execute(sql`
        insert into event_score_overrides (event_id, status, home_score, away_score, reason, set_by, set_at)
        values (${eventId}::uuid, ${hand.status}, ${hand.homeScore}, ${hand.awayScore}, ${request.reason ?? null},
                ${options.actorProfileId}::uuid, ${now})
        on conflict (event_id) do update set status = excluded.status, home_score = excluded.home_score,
          away_score = excluded.away_score, reason = excluded.reason, set_by = excluded.set_by, set_at = excluded.set_at`);
      // Players read the hand result in place of ESPN's (src/server/events/shown-events.ts): the
      // game's live version moves and the live streams hear of it at commit, so open pages show it.
      await touchLiveGame(tx, eventId);
      await recordAdminAction(tx, {
        actorProfileId: options.actorProfileId,
        action: "event.score",
        entityType: "event",
        entityId: eventId,
        before: before ? { result: resultWords(before) } : { result: "ESPN's" },
        after: { result: resultWords(hand), ...(request.reason ? { reason: request.reason } : {}) },
      });
    });
  }
  const { grades, manual, waiting } = gradesFrom(await propsOfGames(db, ids), corrected, now);
  const result = await gradeProps({ grades, actorProfileId: options.actorProfileId, now, db });
  // "Set winners" of every pack now graded, in the same confirmation (docs/decisions/060-one-score-per-game.md).
  const completed = result.packs.filter((pack) => pack.status === "graded").map((pack) => ({ packURL: pack.packURL }));
  const winners =
    request.setWinners && completed.length
      ? (await setPackWinners({ packs: completed, actorProfileId: options.actorProfileId })).winners
      : [];
  return { ...result, games: ids.length, manual, waiting, winners };
}

/** Published packs these grades leave with no ungraded prop: they become graded. */
async function packsCompleted(db: Db, grades: PropGrade[]): Promise<number> {
  if (!grades.length) return 0;
  const ids = sql.join(
    grades.map((grade) => sql`${grade.propId}::uuid`),
    sql`, `,
  );
  const [row] = await selectRows(
    db,
    sql`select count(*)::int as n from packs p
        where p.status in ('coming-soon', 'open', 'live')
          and p.id in (select pack_id from props where id in (${ids}))
          and not exists (select 1 from props o where o.pack_id = p.id and o.status in ('open', 'closed') and o.id not in (${ids}))`,
    rowShape((r) => ({ n: r.int("n") })),
  );
  return row?.n ?? 0;
}

/** "final 24–20 (away–home)", "postponed": the audit log's words for a hand result. */
function resultWords(hand: HandScore): string {
  return hand.status === "final" ? `final ${hand.awayScore}–${hand.homeScore} (away–home), typed by hand` : `${hand.status}, by hand`;
}
