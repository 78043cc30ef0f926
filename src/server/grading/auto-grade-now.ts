import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { packs, props } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import { getEspnClient } from "@/server/integrations/espn/client";
import { runAutoGrade, type AutoGradeReport } from "@/server/jobs/auto-grade";
import type { AutoGradeNowResult } from "@/domain/schemas/grading";
import { gradeProp } from "./grade-prop";

/**
 * "Auto grade now" (issue 24): the worker's auto-grading run, at once, for one pack's props.
 * The same rules and sources as the periodic run (src/server/jobs/auto-grade.ts), the same
 * grading use-case (payouts, ledger, texts), idempotent if the worker runs at the same time.
 */
export async function autoGradeNow(input: { packURL: string; actorProfileId: string; now?: Date }): Promise<AutoGradeNowResult> {
  const db = await getDb();
  const [pack] = await db.select({ id: packs.id }).from(packs).where(eq(packs.packUrl, input.packURL));
  if (!pack) throw new AppError("NOT_FOUND", "Pack not found");
  // The admin who pressed it is named on each grade in the audit log (issue 41 item 7).
  const report: AutoGradeReport = await runAutoGrade({
    espn: getEspnClient(),
    gradeProp,
    now: input.now,
    packId: pack.id,
    actorProfileId: input.actorProfileId,
  });
  const labels = new Map(
    (await db.select({ id: props.id, shortLabel: props.shortLabel }).from(props).where(eq(props.packId, pack.id))).map((row) => [
      row.id,
      row.shortLabel,
    ]),
  );
  return {
    graded: report.graded.map((entry) => ({ ...entry, shortLabel: labels.get(entry.propId) ?? "" })),
    waiting: report.waiting.map((entry) => ({ ...entry, shortLabel: labels.get(entry.propId) ?? "" })),
    failedGames: report.failedEvents.length,
  };
}
