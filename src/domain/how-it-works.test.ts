import { describe, expect, it } from "vitest";
import { POINTS_EXAMPLES, PUSH_EXAMPLE } from "./how-it-works";
import { PUSH_POINTS, formatTokens, sideValue, tokensCentsForPoints } from "./points";

// Each row: the price as the page shows it, the moneyline, and the literal points and diamonds the
// page promises. A change to the points rule (src/domain/points.ts) fails the second column's check.
const TABLE = [
  ["−150", -150, 167, "8.35"],
  ["±100", 100, 250, "12.5"],
  ["+150", 150, 375, "18.75"],
  ["+250", 250, 625, "31.25"],
  ["No odds", null, 250, "12.5"],
] as const;

describe("the worked examples on How it works", () => {
  it("walk through exactly these prices, in this order", () => {
    expect(POINTS_EXAMPLES.map((e) => e.price)).toEqual(TABLE.map(([price]) => price));
  });

  it.each(TABLE)("a winning pick at %s pays what the rule pays (%s → %s points, %s diamonds)", (price, moneyline, points, diamonds) => {
    const shown = POINTS_EXAMPLES.find((e) => e.price === price)!;
    expect(shown.points).toBe(points);
    expect(shown.points).toBe(sideValue(moneyline));
    expect(shown.diamonds).toBe(diamonds);
    expect(shown.diamonds).toBe(formatTokens(tokensCentsForPoints(sideValue(moneyline))));
  });

  it("the underdog pays more than the favourite", () => {
    const [favourite, , underdog] = POINTS_EXAMPLES;
    expect(underdog!.points).toBeGreaterThan(favourite!.points);
  });

  it("a push pays 100 points and 5 diamonds, as grading does", () => {
    expect(PUSH_EXAMPLE.points).toBe(100);
    expect(PUSH_EXAMPLE.points).toBe(PUSH_POINTS);
    expect(PUSH_EXAMPLE.diamonds).toBe("5");
  });
});
