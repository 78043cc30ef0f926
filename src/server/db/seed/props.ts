import "server-only";
import type { PACK_STATUSES, PROP_STATUSES } from "../schema";
import type { Game } from "./games";

// The demo props: who wins, totals, spreads and yes/no questions, each with the outcome its game decides.
// Part of the demo seed (src/server/db/seed.ts, docs/TESTING.md).

export type PropStatus = (typeof PROP_STATUSES)[number];
export type PackStatus = (typeof PACK_STATUSES)[number];
type GradedStatus = Extract<PropStatus, "gradedA" | "gradedB" | "push" | "void">;

interface Outcome {
  status: GradedStatus;
  resultText: string;
}

interface SidePlan {
  short: string;
  take: string;
  moneyline: number | null;
}

export interface PropPlan {
  game: Game | null;
  shortLabel: string;
  title: string;
  summary: string;
  sideA: SidePlan;
  sideB: SidePlan;
  gradingRule: "who_wins" | "total_over_under" | "spread" | null;
  gradingParams: Record<string, unknown> | null;
  /** What grading decides from the game as seeded; null while the game is undecided. */
  outcome: Outcome | null;
}

const scoreLine = (game: Game, score: { home: number; away: number }) =>
  score.home >= score.away
    ? `${game.homeTeam.abbreviation} ${score.home} - ${score.away} ${game.awayTeam.abbreviation}`
    : `${game.awayTeam.abbreviation} ${score.away} - ${score.home} ${game.homeTeam.abbreviation}`;

const isCalledOff = (game: Game) => ["postponed", "cancelled"].includes(game.status);

/** Grades a prop from the game's final score; void when the game was called off, null while undecided. */
function outcomeFromScore(game: Game, decide: (score: { home: number; away: number }) => Outcome): Outcome | null {
  if (isCalledOff(game)) return { status: "void", resultText: game.statusDetail ?? "Postponed" };
  return game.status === "final" && game.score ? decide(game.score) : null;
}

/** Positive margin → side A, negative → side B, zero → push. */
const bySign = (margin: number, resultText: string): Outcome => ({
  status: margin > 0 ? "gradedA" : margin < 0 ? "gradedB" : "push",
  resultText,
});

export function whoWinsProp(game: Game): PropPlan {
  const { homeTeam: home, awayTeam: away } = game;
  return {
    game,
    shortLabel: "Who wins?",
    title: `${away.name} at ${home.name}: who wins?`,
    summary: `The ${home.fullName} (${game.records.home}) host the ${away.fullName} (${game.records.away}) at ${game.venue}.`,
    sideA: { short: home.abbreviation, take: `The ${home.name} beat the ${away.name}`, moneyline: game.moneyline.home },
    sideB: { short: away.abbreviation, take: `The ${away.name} beat the ${home.name}`, moneyline: game.moneyline.away },
    gradingRule: "who_wins",
    gradingParams: { homeSide: "A" },
    outcome: outcomeFromScore(game, (score) => bySign(score.home - score.away, scoreLine(game, score))),
  };
}

export function totalProp(game: Game, moneylines: { over: number; under: number } = { over: -110, under: -110 }): PropPlan {
  const { homeTeam: home, awayTeam: away, overUnder: line } = game;
  const unit = game.league === "nfl" ? "points" : "runs";
  const both = `The ${away.name} and ${home.name} combine for`;
  return {
    game,
    shortLabel: game.league === "nfl" ? "Total points" : "Total runs",
    title: `${away.name} at ${home.name}: over or under ${line} ${unit}?`,
    summary: `The line is ${line} total ${unit}.`,
    sideA: { short: `Over ${line}`, take: `${both} more than ${line} ${unit}`, moneyline: moneylines.over },
    sideB: { short: `Under ${line}`, take: `${both} fewer than ${line} ${unit}`, moneyline: moneylines.under },
    gradingRule: "total_over_under",
    gradingParams: { line, overSide: "A" },
    outcome: outcomeFromScore(game, (score) => {
      const total = score.home + score.away;
      return bySign(total - line, `${total} total ${unit}`);
    }),
  };
}

/** The home team giving `points`; a win by exactly that many is a push. */
export function homeSpreadProp(game: Game, points: number, moneylines: { home: number; away: number }): PropPlan {
  const { homeTeam: home, awayTeam: away } = game;
  return {
    game,
    shortLabel: "Spread",
    title: `${home.name} -${points} against the ${away.name}`,
    summary: `The ${home.name} must win by more than ${points} to cover; a ${points}-point win is a push.`,
    sideA: {
      short: `${home.abbreviation} -${points}`,
      take: `The ${home.name} win by more than ${points}`,
      moneyline: moneylines.home,
    },
    sideB: {
      short: `${away.abbreviation} +${points}`,
      take: `The ${away.name} lose by fewer than ${points} or win`,
      moneyline: moneylines.away,
    },
    gradingRule: "spread",
    gradingParams: { homeSide: "A", homeSpread: -points },
    outcome: outcomeFromScore(game, (score) => bySign(score.home - score.away - points, scoreLine(game, score))),
  };
}

/** A yes/no prop graded by hand; `outcome` is what the admin graded, for packs that are already graded. */
export function yesNoProp(plan: {
  game: Game | null;
  shortLabel: string;
  title: string;
  summary: string;
  yesTake: string;
  noTake: string;
  moneylines: { yes: number; no: number };
  outcome?: Outcome;
}): PropPlan {
  return {
    game: plan.game,
    shortLabel: plan.shortLabel,
    title: plan.title,
    summary: plan.summary,
    sideA: { short: "Yes", take: plan.yesTake, moneyline: plan.moneylines.yes },
    sideB: { short: "No", take: plan.noTake, moneyline: plan.moneylines.no },
    gradingRule: null,
    gradingParams: null,
    outcome: plan.outcome ?? null,
  };
}
