import "server-only";
import { AI_PLAYER_ID } from "@/domain/ai-player";
import { sql } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { autoGradeDecisionOf, PROPS_FOR_GRADING_SELECT, propForGradingRow } from "./get-props-for-grading";
import { gradeProps, type PropGrade } from "./grade-props";
import { isId } from "@/domain/ids";
import type { AcceptSuggestedResult, SuggestedGradesPreview } from "@/domain/schemas/grading";
import { uuidList } from "@/server/db/uuid-list";

/**
 * The grades the props' rules suggest now, read again on the server (never
 * taken from the browser): ungraded props whose rule can decide from their
 * game as imported (docs/decisions/027-auto-grading-sources.md). The others
 * come back as skipped.
 */
async function suggestedGrades(db: Db, propIds: string[]): Promise<{ grades: PropGrade[]; skipped: string[] }> {
  const ids = [...new Set(propIds.map((id) => id.toLowerCase()).filter((id) => isId(id)))];
  const rows = ids.length
    ? await selectRows(
        db,
        sql`${PROPS_FOR_GRADING_SELECT} where pr.id in (${uuidList(ids)}) and pr.status in ('open', 'closed')`,
        propForGradingRow,
      )
    : [];
  const grades: PropGrade[] = [];
  for (const row of rows) {
    const decision = autoGradeDecisionOf(row);
    if (decision?.action === "grade") grades.push({ propId: row.id, outcome: decision.outcome, resultText: decision.resultText });
  }
  const graded = new Set(grades.map((grade) => grade.propId));
  return { grades, skipped: propIds.filter((id) => !graded.has(id.toLowerCase())) };
}

/** What accepting the suggested results of these props would do, for the confirmation "grade N props, pay M players, text K". */
export async function previewSuggestedGrades(input: { propIds: string[] }): Promise<SuggestedGradesPreview> {
  const db = await getDb();
  const { grades, skipped } = await suggestedGrades(db, input.propIds);
  if (grades.length === 0) return { props: 0, players: 0, texts: 0, skipped };
  const graded = sql.join(
    grades.map((grade) => sql`(${grade.propId}::uuid, ${grade.outcome}::text)`),
    sql`, `,
  );
  const [row] = await selectRows(
    db,
    sql`
      with g(prop_id, outcome) as (values ${graded}),
      completed as (
        select p.id from packs p
        where p.status in ('coming-soon', 'open', 'live')
          and p.id in (select pr.pack_id from props pr join g on g.prop_id = pr.id)
          and not exists (
            select 1 from props o where o.pack_id = p.id
              and o.status not in ('gradedA', 'gradedB', 'push', 'void')
              and o.id not in (select prop_id from g)
          )
      )
      select
        -- The AI player is graded but never paid, and has no number to text (docs/decisions/069-rivals-and-the-ai-player.md).
        (select count(distinct t.profile_id) from takes t join g on g.prop_id = t.prop_id
          where t.is_current and (g.outcome = 'push' or g.outcome = t.side)
            and t.profile_id <> ${AI_PLAYER_ID}::uuid)::int as players,
        (select count(distinct (c.id, t.profile_id)) from takes t
          join completed c on c.id = t.pack_id
          join profiles pf on pf.id = t.profile_id
          where t.is_current and not pf.sms_opt_out and pf.phone is not null
            and not exists (select 1 from sms_outbox o where o.dedupe_key = 'pack_graded:' || c.id || ':' || t.profile_id))::int as texts
    `,
    rowShape((r) => ({ players: r.int("players"), texts: r.int("texts") })),
  );
  return { props: grades.length, players: Number(row?.players ?? 0), texts: Number(row?.texts ?? 0), skipped };
}

/**
 * Accepts the suggested results of these props: grades them through the
 * same use-case as the grading screens (src/server/grading/grade-props.ts),
 * so payouts, leaderboards and texts are exactly those of a manual grade.
 */
export async function acceptSuggestedGrades(input: {
  propIds: string[];
  actorProfileId: string;
  now?: Date;
}): Promise<AcceptSuggestedResult> {
  const db = await getDb();
  const { grades, skipped } = await suggestedGrades(db, input.propIds);
  const result = await gradeProps({ grades, actorProfileId: input.actorProfileId, now: input.now, db });
  return { ...result, skipped };
}
