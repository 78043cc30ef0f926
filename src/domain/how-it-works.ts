// The worked examples of /how-it-works, computed from the game's own rule (src/domain/points.ts), so
// the page can never say one number while grading pays another (issue 40 item 2; docs/PRODUCT.md §5).
// src/domain/how-it-works.test.ts holds each example to literal numbers and to the rule.
import { AI_PLAYER_HANDLE, OFFLINE_PICK_RULE } from "./ai-player";
import { PUSH_POINTS, formatTokens, sideValue, tokensCentsForPoints } from "./points";

export interface PointsExample {
  /** How the price reads: "−150", "+150", "±100", "No odds". */
  price: string;
  /** Who the side is, in a fan's words. */
  who: string;
  /** Points a winning pick on this side earns: sideValue(moneyline). */
  points: number;
  /** Diamonds those points add to the balance (5%), as the marketplace shows them. */
  diamonds: string;
}

/** The moneylines the page walks through, favourite to long shot, and a prop without odds. */
const EXAMPLE_PRICES: Array<{ moneyline: number | null; price: string; who: string }> = [
  { moneyline: -150, price: "−150", who: "The favourite" },
  { moneyline: 100, price: "±100", who: "A coin flip (even odds)" },
  { moneyline: 150, price: "+150", who: "The underdog" },
  { moneyline: 250, price: "+250", who: "A long shot" },
  { moneyline: null, price: "No odds", who: "A prop without a price" },
];

const example = (price: string, who: string, points: number): PointsExample => ({
  price,
  who,
  points,
  diamonds: formatTokens(tokensCentsForPoints(points)),
});

/** What a winning pick pays at each example price. */
export const POINTS_EXAMPLES: PointsExample[] = EXAMPLE_PRICES.map(({ moneyline, price, who }) =>
  example(price, who, sideValue(moneyline)),
);

/** What every pick on a pushed prop earns, whatever its price. */
export const PUSH_EXAMPLE: PointsExample = example("Any", "A push", PUSH_POINTS);

/**
 * Beat the AI and rival records, as /how-it-works states them (docs/decisions/069-rivals-and-the-ai-player.md):
 * the sentences quote the rules the code runs (src/domain/ai-player.ts, src/domain/rivals.ts).
 */
export const AI_AND_RIVALS_EXPLAINED = [
  `When a pack opens, the AI player (@${AI_PLAYER_HANDLE}) picks every prop, and every prop added later. The preview writer chooses its sides; without an AI server it takes ${OFFLINE_PICK_RULE}. Its picks are graded like yours and shown, like anyone's, only once each prop locks.`,
  "Your record against the AI, or against any player, counts the graded packs you both played: more points on the pack is a win, equal points a tie. Head-to-head records count settled challenges by the challenge's own rule (more props won, then more points).",
] as const;
