import "server-only";
import { sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { col, rowShape, selectRows } from "@/server/db/rows";
import { boxScoreUrl } from "@/domain/box-score-url";
import { outcomeOfStatus } from "@/domain/grading";
import { decideAutoGrade, type AutoGradeDecision, type GameResult } from "@/domain/auto-grade";
import { allGamesOver, packStatusChip, propStatusAt, type PackChip } from "@/domain/pack-state";
import type { PropForGrading } from "@/domain/views";
import { AUTO_GRADE_ATTEMPT_OUTCOMES, AUTO_GRADE_ATTEMPTS_KEPT } from "@/server/db/schema";
import { isId } from "@/domain/ids";
import { uuidList } from "@/server/db/uuid-list";

/** The auto-grader's run log as PROPS_FOR_GRADING_SELECT aggregates it (json: timestamps arrive as text). */
const autoGradeLogEntry = rowShape((r) => ({
  outcome: r.oneOf("outcome", AUTO_GRADE_ATTEMPT_OUTCOMES),
  reason: r.text("reason"),
  firstAt: r.iso("firstAt"),
  lastAt: r.iso("lastAt"),
  attempts: r.int("attempts"),
}));

/** A row of PROPS_FOR_GRADING_SELECT, checked. */
export const propForGradingRow = rowShape((r) => ({
  id: r.text("id"),
  event_id: r.textOrNull("event_id"),
  position: r.int("position"),
  event_key: r.text("event_key"),
  close_key: r.text("close_key"),
  pack_url: r.text("pack_url"),
  pack_title: r.text("pack_title"),
  short_label: r.text("short_label"),
  title: r.text("title"),
  summary: r.textOrNull("summary"),
  side_a_short: r.text("side_a_short"),
  side_b_short: r.text("side_b_short"),
  status: r.text("status"),
  prop_close_time: r.dateOrNull("prop_close_time"),
  pack_close_time: r.dateOrNull("pack_close_time"),
  result_text: r.textOrNull("result_text"),
  grading_rule: r.textOrNull("grading_rule"),
  grading_params: r.get("grading_params", col.raw),
  take_count: r.int("take_count"),
  event_title: r.textOrNull("event_title"),
  event_status: r.textOrNull("event_status"),
  status_detail: r.textOrNull("status_detail"),
  start_time: r.isoOrNull("start_time"),
  home_score: r.intOrNull("home_score"),
  away_score: r.intOrNull("away_score"),
  league: r.textOrNull("league"),
  espn_event_id: r.textOrNull("espn_event_id"),
  home_abbreviation: r.textOrNull("home_abbreviation"),
  away_abbreviation: r.textOrNull("away_abbreviation"),
  auto_grade_log: r.list("auto_grade_log", autoGradeLogEntry),
}));
export type PropForGradingRow = ReturnType<typeof propForGradingRow>;

const statusAt = (row: PropForGradingRow, now: Date) =>
  propStatusAt({ status: row.status, closeTime: row.prop_close_time }, { closeTime: row.pack_close_time }, now);

const OUTCOME_WORDS = { A: "side A wins", B: "side B wins", push: "push", void: "void" } as const;

/**
 * What the prop's auto-grade rule decides from its game as imported (docs/decisions/027-auto-grading-sources.md),
 * with the same clock as the worker so a suspended game's suggestion agrees with it; null for a manual prop.
 */
export function autoGradeDecisionOf(row: PropForGradingRow, now = new Date()): AutoGradeDecision | null {
  if (!row.grading_rule) return null;
  if (!row.event_title) return { action: "invalid", reason: "no game linked" };
  const game: GameResult = {
    status: (row.event_status ?? "scheduled") as GameResult["status"],
    // An imported "final" is ESPN's completed flag (src/server/integrations/espn/game.ts mapEspnStatus).
    completed: row.event_status === "final",
    homeScore: row.home_score,
    awayScore: row.away_score,
    homeAbbreviation: row.home_abbreviation ?? "HOME",
    awayAbbreviation: row.away_abbreviation ?? "AWAY",
  };
  return decideAutoGrade(
    row.grading_rule,
    row.grading_params,
    game,
    row.start_time ? { startTime: new Date(row.start_time), now } : undefined,
  );
}

function autoGradeOf(row: PropForGradingRow): PropForGrading["autoGrade"] {
  const decision = autoGradeDecisionOf(row);
  if (!decision) return null;
  if (decision.action === "grade") return { state: "ready", detail: `${OUTCOME_WORDS[decision.outcome]} (${decision.resultText})` };
  return { state: decision.action === "wait" ? "waiting" : "invalid", detail: decision.reason };
}

/** The prop as the grading screens show it at `now`: its status is the one the clock gives (decision 065). */
export const toPropForGrading = (row: PropForGradingRow, now: Date): PropForGrading => ({
  propId: row.id,
  packURL: row.pack_url,
  packTitle: row.pack_title,
  shortLabel: row.short_label,
  title: row.title,
  summary: row.summary,
  sideAShort: row.side_a_short,
  sideBShort: row.side_b_short,
  status: statusAt(row, now),
  outcome: outcomeOfStatus(row.status),
  resultText: row.result_text,
  gradingRule: row.grading_rule,
  autoGrade: autoGradeOf(row),
  takeCount: row.take_count,
  autoGradeLog: row.auto_grade_log,
  event: row.event_title
    ? {
        title: row.event_title,
        status: row.event_status ?? "scheduled",
        statusDetail: row.status_detail,
        startTime: row.start_time!,
        homeScore: row.home_score,
        awayScore: row.away_score,
        boxScoreUrl: boxScoreUrl(row.league, row.espn_event_id),
      }
    : null,
});

/**
 * The columns of a prop as the grading screens read it; a game's score typed by the commissioner
 * stands in for ESPN's (docs/decisions/060-one-score-per-game.md) (with its queue order keys), and its joins; callers add where and order. */
export const PROPS_FOR_GRADING_SELECT = sql`
  select pr.id, pr.event_id, pr.position, coalesce(e.start_time, 'infinity'::timestamptz)::text as event_key,
         coalesce(p.close_time, 'infinity'::timestamptz)::text as close_key, p.pack_url, p.title as pack_title, pr.short_label, pr.title, pr.summary,
         pr.side_a_short, pr.side_b_short, pr.status, pr.close_time as prop_close_time, p.close_time as pack_close_time, pr.result_text, pr.grading_rule, pr.grading_params,
         (select count(*) from takes t where t.prop_id = pr.id and t.is_current)::int as take_count,
         e.title as event_title, coalesce(o.status, e.status) as event_status, e.status_detail, e.start_time,
         case when o.event_id is null then e.home_score else o.home_score end as home_score,
         case when o.event_id is null then e.away_score else o.away_score end as away_score, e.league, e.espn_event_id,
         hmt.abbreviation as home_abbreviation, awt.abbreviation as away_abbreviation,
         (select coalesce(json_agg(json_build_object('outcome', x.outcome, 'reason', x.reason, 'firstAt', x.first_at,
                                                     'lastAt', x.last_at, 'attempts', x.attempts) order by x.last_at desc, x.id desc), '[]'::json)
          from (select a.* from auto_grade_attempts a where a.prop_id = pr.id order by a.last_at desc, a.id desc limit ${AUTO_GRADE_ATTEMPTS_KEPT}) x) as auto_grade_log
  from props pr
  join packs p on p.id = pr.pack_id
  left join events e on e.id = pr.event_id
  left join event_score_overrides o on o.event_id = e.id
  left join teams hmt on hmt.id = e.home_team_id
  left join teams awt on awt.id = e.away_team_id
`;

/**
 * A pack and its props in pack order, as the admin grading page shows them; null when the pack
 * does not exist. `state` is the pack's state now, from its status, clock and games, as its card
 * shows it (docs/SCREENS.md §2.2): a pack stored "open" whose close has passed is not "open"
 * (issue 24: the page said "· open" for a pack whose games were over).
 */
export async function getPackForGrading(options: { packURL: string; db?: DbOrTx; now?: Date }): Promise<{
  packURL: string;
  title: string;
  status: string;
  state: PackChip;
  closeTime: string | null;
  props: PropForGrading[];
} | null> {
  const db = options.db ?? (await getDb());
  const [pack] = await selectRows(
    db,
    sql`select pack_url, title, status, open_time, close_time from packs where pack_url = ${options.packURL}`,
    rowShape((r) => ({
      pack_url: r.text("pack_url"),
      title: r.text("title"),
      status: r.text("status"),
      open_time: r.dateOrNull("open_time"),
      close_time: r.dateOrNull("close_time"),
    })),
  );
  if (!pack) return null;
  const rows = await selectRows(
    db,
    sql`${PROPS_FOR_GRADING_SELECT} where p.pack_url = ${options.packURL} order by pr.position, pr.created_at`,
    propForGradingRow,
  );
  const now = options.now ?? new Date();
  const props = rows.map((row) => toPropForGrading(row, now));
  const starts = props.flatMap((prop) => (prop.event ? [new Date(prop.event.startTime).getTime()] : []));
  const closeTime = pack.close_time ? new Date(pack.close_time) : null;
  const state = packStatusChip(
    {
      status: pack.status,
      openTime: pack.open_time ? new Date(pack.open_time) : null,
      closeTime,
      firstEventStart: starts.length ? new Date(Math.min(...starts)) : null,
      allEventsFinal: allGamesOver(
        props.flatMap((prop) => (prop.event ? [prop.event.status] : [])),
        { closeTime },
        now,
      ),
    },
    now,
  );
  return { packURL: pack.pack_url, title: pack.title, status: pack.status, state, closeTime: closeTime?.toISOString() ?? null, props };
}

/** Props by id, in the order asked; ids that match nothing come back in `missing`. */
export async function getPropsForGrading(options: {
  ids: string[];
  db?: DbOrTx;
  now?: Date;
}): Promise<{ props: PropForGrading[]; missing: string[] }> {
  const db = options.db ?? (await getDb());
  const valid = options.ids.filter((id) => isId(id));
  const rows = valid.length
    ? await selectRows(db, sql`${PROPS_FOR_GRADING_SELECT} where pr.id in (${uuidList(valid)})`, propForGradingRow)
    : [];
  const now = options.now ?? new Date();
  const byId = new Map(rows.map((row) => [row.id, toPropForGrading(row, now)]));
  return {
    props: options.ids.flatMap((id) => byId.get(id.toLowerCase()) ?? []),
    missing: options.ids.filter((id) => !byId.has(id.toLowerCase())),
  };
}
