import { z } from "zod";
import { SUSPENDED_GAME_VOID_AFTER_HOURS } from "./house-rules";
import { formatDateTime } from "./time";

// Auto-grading rules (docs/PRODUCT.md §5). Parameters are stored in props.grading_params:
//
//   who_wins          { homeSide: "A" | "B" }
//       The side that wins when the home team wins; the other side wins when the
//       away team wins; a tie is a push.
//   total_over_under  { line: number, overSide: "A" | "B" }
//       Combined score above the line → overSide; below → the other side;
//       exactly the line (whole-number lines) → push.
//   spread            { team: "home" | "away", line: number, teamSide: "A" | "B" }
//       `line` is added to `team`'s score (−7 = must win by more than 7; +3.5 =
//       may lose by up to 3). Adjusted score above the opponent's → teamSide;
//       below → the other side; equal → push.
//
// Game situations follow the written rules (src/domain/house-rules.ts
// GAME_SITUATION_RULES, docs/PRODUCT.md §5): a game that ESPN reports postponed
// or cancelled voids the prop; a suspended game waits, and voids once
// SUSPENDED_GAME_VOID_AFTER_HOURS have passed since its scheduled start without a
// final; a shortened game ESPN calls final (MLB "Final/5") is graded on that
// final like any other; overtime and extra innings are in the final score, and a
// tie or a total/spread exactly on its line is a push. Nothing else is graded
// before ESPN says the game is final (completed).

const ZSide = z.enum(["A", "B"]);
const ZLine = z
  .number()
  .finite()
  .refine((n) => Math.abs(n) <= 1000 && Number.isInteger(n * 2), {
    message: "Line must be a whole or half number",
  });

export const ZWhoWinsParams = z.object({ homeSide: ZSide });
export const ZTotalParams = z.object({ line: ZLine.refine((n) => n >= 0, "Total line cannot be negative"), overSide: ZSide });
export const ZSpreadParams = z.object({ team: z.enum(["home", "away"]), line: ZLine, teamSide: ZSide });

export const ZGradingRuleConfig = z.discriminatedUnion("rule", [
  z.object({ rule: z.literal("who_wins"), params: ZWhoWinsParams }),
  z.object({ rule: z.literal("total_over_under"), params: ZTotalParams }),
  z.object({ rule: z.literal("spread"), params: ZSpreadParams }),
]);
export type GradingRuleConfig = z.infer<typeof ZGradingRuleConfig>;

export type Outcome = "A" | "B" | "push" | "void";

export interface GameResult {
  status: "scheduled" | "in_progress" | "final" | "postponed" | "suspended" | "cancelled";
  /** ESPN's completed flag; "final" is trusted only with it. */
  completed: boolean;
  homeScore: number | null;
  awayScore: number | null;
  homeAbbreviation: string;
  awayAbbreviation: string;
}

/** When the game was scheduled to start and what time it is now: needed to void a suspended game left unfinished. */
export interface GradeClock {
  startTime: Date;
  now: Date;
}

const SUSPENDED_VOID_AFTER_MS = SUSPENDED_GAME_VOID_AFTER_HOURS * 3_600_000;

/** The moment a suspended game that started at `startTime` voids its props if still not final. */
export const suspendedVoidAt = (startTime: Date) => new Date(startTime.getTime() + SUSPENDED_VOID_AFTER_MS);

export type AutoGradeDecision =
  { action: "grade"; outcome: Outcome; resultText: string } | { action: "wait"; reason: string } | { action: "invalid"; reason: string };

const other = (side: "A" | "B"): "A" | "B" => (side === "A" ? "B" : "A");

/** Compares two numbers: the first side wins above, the other below, equal is a push. */
function settle(value: number, against: number, sideIfAbove: "A" | "B"): Outcome {
  if (value > against) return sideIfAbove;
  if (value < against) return other(sideIfAbove);
  return "push";
}

/**
 * Decides a prop's outcome from a game result and its rule, or says why it must wait. Without a
 * clock a suspended game only waits (nothing can say its window has passed).
 */
export function decideAutoGrade(rule: unknown, params: unknown, game: GameResult, clock?: GradeClock): AutoGradeDecision {
  const config = ZGradingRuleConfig.safeParse({ rule, params });
  if (!config.success) return { action: "invalid", reason: config.error.issues[0]?.message ?? "Invalid grading rule" };
  if (game.status === "postponed") return { action: "grade", outcome: "void", resultText: "Postponed" };
  if (game.status === "cancelled") return { action: "grade", outcome: "void", resultText: "Cancelled" };
  if (game.status === "suspended" && clock && clock.now.getTime() >= suspendedVoidAt(clock.startTime).getTime()) {
    return { action: "grade", outcome: "void", resultText: `Suspended, not final within ${SUSPENDED_GAME_VOID_AFTER_HOURS} hours` };
  }
  if (game.status === "suspended" && clock) {
    return {
      action: "wait",
      reason: `game is suspended (void at ${formatDateTime(suspendedVoidAt(clock.startTime))} if not final by then)`,
    };
  }
  if (game.status !== "final" || !game.completed) return { action: "wait", reason: `game is ${game.status.replace("_", " ")}` };
  const { homeScore, awayScore } = game;
  if (homeScore === null || awayScore === null) return { action: "wait", reason: "final score missing" };
  const resultText = `${game.awayAbbreviation} ${awayScore} @ ${game.homeAbbreviation} ${homeScore}`;
  const { rule: kind, params: p } = config.data as GradingRuleConfig;
  switch (kind) {
    case "who_wins": {
      const { homeSide } = p as z.infer<typeof ZWhoWinsParams>;
      return { action: "grade", outcome: settle(homeScore, awayScore, homeSide), resultText };
    }
    case "total_over_under": {
      const { line, overSide } = p as z.infer<typeof ZTotalParams>;
      return { action: "grade", outcome: settle(homeScore + awayScore, line, overSide), resultText };
    }
    case "spread": {
      const { team, line, teamSide } = p as z.infer<typeof ZSpreadParams>;
      const [teamScore, opponentScore] = team === "home" ? [homeScore, awayScore] : [awayScore, homeScore];
      return { action: "grade", outcome: settle(teamScore + line, opponentScore, teamSide), resultText };
    }
  }
}

/**
 * Who would win a prop if its game ended at this score (docs/decisions/053-game-day-live.md): the
 * same rule and the same comparison as the grade, so "winning if it ended now" never disagrees
 * with the result a final at this score would give. Null when the rule is not set up or a score
 * is missing.
 */
export function leadingSide(
  rule: unknown,
  params: unknown,
  score: { homeScore: number | null; awayScore: number | null },
): Exclude<Outcome, "void"> | null {
  const { homeScore, awayScore } = score;
  if (homeScore === null || awayScore === null) return null;
  const decision = decideAutoGrade(rule, params, {
    status: "final",
    completed: true,
    homeScore,
    awayScore,
    homeAbbreviation: "HOME",
    awayAbbreviation: "AWAY",
  });
  return decision.action === "grade" && decision.outcome !== "void" ? decision.outcome : null;
}
