import "server-only";
import { sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { AUTO_GRADE_ATTEMPTS_KEPT } from "@/server/db/schema";

export type AutoGradeAttemptOutcome = "graded" | "waiting" | "skipped" | "error";

export interface AutoGradeAttempt {
  propId: string;
  outcome: AutoGradeAttemptOutcome;
  /** Words for the admin: "game is in progress (DET 4 @ CHW 3, Top 7th)". */
  reason: string;
}

const CHUNK = 400;

/**
 * Persists one auto-grading run's attempt per prop, the "why not graded yet" log
 * (docs/decisions/041-auto-grade-run-log.md). When the prop's newest attempt has the same
 * outcome and words it is moved to `at` and counted rather than repeated, so a prop that waits
 * all afternoon is one row; older rows beyond the last AUTO_GRADE_ATTEMPTS_KEPT per prop go.
 * Props deleted meanwhile are skipped.
 */
export async function recordAutoGradeAttempts(attempts: AutoGradeAttempt[], at: Date, db?: DbOrTx): Promise<void> {
  if (!attempts.length) return;
  const handle = db ?? (await getDb());
  for (let start = 0; start < attempts.length; start += CHUNK) {
    const chunk = attempts.slice(start, start + CHUNK);
    const rows = sql.join(
      chunk.map((attempt) => sql`(${attempt.propId}::uuid, ${attempt.outcome}::text, ${attempt.reason.slice(0, 500)}::text)`),
      sql`, `,
    );
    const ids = sql.join(
      chunk.map((attempt) => sql`${attempt.propId}::uuid`),
      sql`, `,
    );
    await handle.execute(sql`
      with input(prop_id, outcome, reason) as (values ${rows}),
      latest as (
        select distinct on (a.prop_id) a.id, a.prop_id, a.outcome, a.reason
        from auto_grade_attempts a
        where a.prop_id in (${ids})
        order by a.prop_id, a.last_at desc, a.id desc
      ),
      bumped as (
        update auto_grade_attempts a set last_at = ${at}, attempts = a.attempts + 1
        from latest l join input i on i.prop_id = l.prop_id and i.outcome = l.outcome and i.reason = l.reason
        where a.id = l.id
        returning a.prop_id
      )
      insert into auto_grade_attempts (prop_id, first_at, last_at, outcome, reason)
      select i.prop_id, ${at}, ${at}, i.outcome, i.reason
      from input i
      where i.prop_id not in (select prop_id from bumped)
        and exists (select 1 from props p where p.id = i.prop_id)`);
    await handle.execute(sql`
      delete from auto_grade_attempts a
      using (
        select id from (
          select id, row_number() over (partition by prop_id order by last_at desc, id desc) as n
          from auto_grade_attempts
          where prop_id in (${ids})
        ) ranked
        where ranked.n > ${AUTO_GRADE_ATTEMPTS_KEPT}
      ) old
      where a.id = old.id`);
  }
}
