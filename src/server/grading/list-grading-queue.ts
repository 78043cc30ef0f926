import "server-only";
import { sql } from "drizzle-orm";
import type { QueuedProp } from "@/domain/views";
import { selectRows } from "@/server/db/rows";
import { keysetPage, type KeysetPage } from "@/server/http/keyset";
import { autoGradeDecisionOf, PROPS_FOR_GRADING_SELECT, propForGradingRow, toPropForGrading } from "./get-props-for-grading";
import { propQueueOrder, queueContext, type GradingQueueOptions } from "./queue-cursor";

export const GRADING_QUEUE_PAGE = 50;

/**
 * The one grading queue (docs/SCREENS.md §3.14, issue 24 item 2): every
 * ungraded prop of a published pack whose game is over (final, postponed or
 * cancelled) or whose close time (its own or its pack's) has passed, across
 * packs, with its game's score and status and the result its auto-grade rule
 * suggests (docs/decisions/027-auto-grading-sources.md). Ordered and paged as
 * the gradeProps queue (src/server/grading/list-props-to-grade.ts): soonest
 * game, pack close, place in the pack, id, by keyset
 * (docs/decisions/024-season-scale.md).
 */
export async function listGradingQueue(options: GradingQueueOptions = {}): Promise<KeysetPage<QueuedProp>> {
  const { db, now, limit } = await queueContext(options, GRADING_QUEUE_PAGE);
  const rows = await selectRows(
    db,
    sql`${PROPS_FOR_GRADING_SELECT}
      where pr.status in ('open', 'closed')
        and p.status in ('coming-soon', 'open', 'live', 'graded')
        and (least(pr.close_time, p.close_time) <= ${now} or coalesce(o.status, e.status) in ('final', 'postponed', 'cancelled'))
        ${propQueueOrder.seek(options.cursor)}
      ${propQueueOrder.orderBy}
      limit ${limit + 1}`,
    propForGradingRow,
  );
  const page = keysetPage(rows, limit, propQueueOrder.cursorOf);
  return {
    items: page.items.map((row) => {
      const decision = autoGradeDecisionOf(row);
      return {
        ...toPropForGrading(row, now),
        suggested: decision?.action === "grade" ? { outcome: decision.outcome, resultText: decision.resultText } : null,
      };
    }),
    nextCursor: page.nextCursor,
  };
}
