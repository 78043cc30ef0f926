import "server-only";
import { inArray, sql, type SQL } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { rowShape, selectRows } from "@/server/db/rows";
import { packs, props } from "@/server/db/schema";
import { isGradedStatus, propStatusByClock, statusForOutcome, type PropStatus } from "@/domain/grading";
import type { PropGrade } from "./grade-props";
import type { PackWinner } from "./grade-prop";
import { packWinnersSql, standingWinner } from "./pack-winner-rule";
import { CENTS_PER_POINT, statusWords, takeScoring } from "./take-scoring";
import type { RegradePreview } from "@/domain/schemas/grading";

/** How many affected players the preview names per prop; the rest are counted ("and K more"). */
export const PREVIEW_PLAYERS = 10;

/**
 * What saving these grades would change for the players of props that were
 * graded before, without writing anything: per prop, the players whose points
 * or diamonds from it change (counted and the first PREVIEW_PLAYERS named, in
 * SQL), and for each pack whose winners are set, the winner the rule would
 * pick from the proposed results or that they will be cleared
 * (docs/decisions/039-corrections.md).
 */
export async function previewRegrade(options: { grades: PropGrade[]; now?: Date; db?: Db }): Promise<RegradePreview> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const ids = [...new Set(options.grades.map((grade) => grade.propId))];
  const propRows = await db.select().from(props).where(inArray(props.id, ids));
  const packRows = propRows.length
    ? await db
        .select()
        .from(packs)
        .where(inArray(packs.id, [...new Set(propRows.map((p) => p.packId))]))
    : [];
  const packById = new Map(packRows.map((pack) => [pack.id, pack]));
  const propById = new Map(propRows.map((prop) => [prop.id, prop]));

  // The status each prop would have after saving, as gradeProp decides it (the last grade of a prop wins).
  const proposed = new Map<string, PropStatus>();
  for (const grade of options.grades) {
    const prop = propById.get(grade.propId);
    const pack = prop && packById.get(prop.packId);
    if (!prop || !pack) continue;
    const status = grade.outcome
      ? statusForOutcome(grade.outcome)
      : isGradedStatus(prop.status)
        ? propStatusByClock(prop, pack, now)
        : prop.status;
    if (status !== prop.status) proposed.set(prop.id, status);
    else proposed.delete(prop.id);
  }

  const preview: RegradePreview = { props: [], winners: [] };
  for (const [propId, status] of proposed) {
    const prop = propById.get(propId)!;
    if (prop.gradeVersion === 0) continue;
    const scoring = takeScoring(status);
    const changed = sql`
      select t.profile_id, t.points as points_before, t.tokens_cents as cents_before,
             (${scoring.points})::int as points_after, (${scoring.points})::int * ${CENTS_PER_POINT}::int as cents_after
      from takes t
      where t.prop_id = ${prop.id} and t.is_current
        and (t.result <> ${scoring.result} or t.points <> ${scoring.points})`;
    const [counted] = await selectRows(
      db,
      sql`select count(*)::int as affected from (${changed}) c`,
      rowShape((r) => ({ affected: r.int("affected") })),
    );
    const listed = await selectRows(
      db,
      sql`select pr.handle, c.points_before, c.cents_before, c.points_after, c.cents_after
          from (${changed}) c join profiles pr on pr.id = c.profile_id
          order by pr.handle, pr.id
          limit ${PREVIEW_PLAYERS}`,
      rowShape((r) => ({
        handle: r.text("handle"),
        points_before: r.int("points_before"),
        cents_before: r.int("cents_before"),
        points_after: r.int("points_after"),
        cents_after: r.int("cents_after"),
      })),
    );
    const affected = Number(counted?.affected ?? 0);
    preview.props.push({
      propId,
      shortLabel: prop.shortLabel,
      packTitle: packById.get(prop.packId)!.title,
      before: statusWords(prop.status, prop),
      after: statusWords(status, prop),
      affected,
      players: listed.map((row) => ({
        handle: row.handle,
        pointsBefore: Number(row.points_before),
        pointsAfter: Number(row.points_after),
        diamondsBefore: Number(row.cents_before) / 100,
        diamondsAfter: Number(row.cents_after) / 100,
      })),
      more: Math.max(0, affected - listed.length),
    });
  }

  for (const pack of packRows) {
    if (!pack.winnersSetAt) continue;
    const changes = [...proposed].filter(([propId]) => propById.get(propId)!.packId === pack.id);
    if (changes.length === 0) continue;
    const [left] = await selectRows(
      db,
      sql`select count(*)::int as ungraded from props
          where pack_id = ${pack.id} and status not in ('gradedA', 'gradedB', 'push', 'void')
            and id not in (${sql.join(
              changes.map(([propId]) => sql`${propId}`),
              sql`, `,
            )})`,
      rowShape((r) => ({ ungraded: r.int("ungraded") })),
    );
    const fullyGraded = Number(left?.ungraded ?? 0) === 0 && changes.every(([, status]) => isGradedStatus(status));
    const before: PackWinner = await standingWinner(db, pack);
    let after: PackWinner | null = null;
    if (fullyGraded) {
      const [winner] = await selectRows(
        db,
        sql`select w.points, pr.handle from (${packWinnersSql(sql`t.pack_id = ${pack.id}`, proposedTakes(pack.id, changes))}) w
            left join profiles pr on pr.id = w.profile_id`,
        rowShape((r) => ({ points: r.int("points"), handle: r.textOrNull("handle") })),
      );
      after = { handle: winner?.handle ?? null, points: winner ? Number(winner.points) : null };
    }
    preview.winners.push({ packURL: pack.packUrl, title: pack.title, action: fullyGraded ? "rerun" : "cleared", before, after });
  }
  return preview;
}

/** A pack's takes as the proposed grades would score them, for the winner rule. */
function proposedTakes(packId: string, changes: Array<[string, PropStatus]>): SQL {
  const points = sql.join(
    changes.map(([propId, status]) => sql`when t.prop_id = ${propId} then ${takeScoring(status).points}`),
    sql` `,
  );
  const results = sql.join(
    changes.map(([propId, status]) => sql`when t.prop_id = ${propId} then ${takeScoring(status).result}`),
    sql` `,
  );
  return sql`(select t.pack_id, t.profile_id, t.is_current,
                     case ${points} else t.points end as points,
                     case ${results} else t.result end as result
              from takes t where t.pack_id = ${packId})`;
}
