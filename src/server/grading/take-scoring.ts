import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { PUSH_POINTS, tokensCentsForPoints } from "@/domain/points";
import type { PropStatus } from "@/domain/grading";

/** Tokens (in hundredths) per point: tokens are exactly 5% of points. */
export const CENTS_PER_POINT = tokensCentsForPoints(1);

/**
 * How every current take of a prop scores under `status`, as SQL expressions
 * over a takes row `t` (the same rule as takePayout in src/domain/grading.ts).
 * Grading writes these; the re-grade preview and correction texts compare
 * them with what the takes hold now.
 */
export function takeScoring(status: PropStatus): { result: SQL; points: SQL } {
  switch (status) {
    case "gradedA":
    case "gradedB": {
      const winning = status === "gradedA" ? "A" : "B";
      return {
        result: sql`case when t.side = ${winning} then 'won' else 'lost' end`,
        points: sql`case when t.side = ${winning} then t.locked_value else 0 end`,
      };
    }
    case "push":
      return { result: sql`'push'`, points: sql`${PUSH_POINTS}::int` };
    case "void":
      return { result: sql`'void'`, points: sql`0` };
    default:
      return { result: sql`'pending'`, points: sql`0` };
  }
}

/** A prop's status in words for the commissioner and the correction text: "Eagles won", "Push", "Void", "Not graded". */
export function statusWords(status: string, prop: { sideAShort: string; sideBShort: string }): string {
  switch (status) {
    case "gradedA":
      return `${prop.sideAShort} won`;
    case "gradedB":
      return `${prop.sideBShort} won`;
    case "push":
      return "Push";
    case "void":
      return "Void";
    default:
      return "Not graded";
  }
}
