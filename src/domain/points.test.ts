import { describe, expect, it } from "vitest";
import { displayBalance, formatTokens, sideValue, takePoints, tokensCentsForPoints } from "./points";

describe("sideValue", () => {
  it.each([
    [150, 375],
    [-150, 167],
    [-110, 227],
    [100, 250],
    [-100, 250],
    [null, 250],
    [-200, 125],
    [165, 413],
  ])("a side at %s is worth %s points", (moneyline, expected) => {
    expect(sideValue(moneyline)).toBe(expected);
  });

  it("refuses a moneyline between -100 and +100", () => {
    expect(() => sideValue(50)).toThrow(RangeError);
  });
});

describe("takePoints and tokens", () => {
  it.each([
    ["won", 375, 375, 1875],
    ["won", 227, 227, 1135],
    ["lost", 375, 0, 0],
    ["push", 375, 100, 500],
    ["void", 375, 0, 0],
    ["pending", 375, 0, 0],
  ] as const)("a %s take locked at %s earns %s points and %s token cents", (result, locked, points, cents) => {
    expect(takePoints(result, locked)).toBe(points);
    expect(tokensCentsForPoints(points)).toBe(cents);
  });

  it("shows tokens with up to two decimals", () => {
    expect(formatTokens(1875)).toBe("18.75");
    expect(formatTokens(500)).toBe("5");
    expect(formatTokens(1130)).toBe("11.3");
    expect(formatTokens(123456)).toBe("1,234.56");
    expect(formatTokens(-1250)).toBe("-12.5");
  });

  it("rounds the header balance and treats garbage as zero", () => {
    expect(displayBalance(18.75)).toBe(19);
    expect(displayBalance(Number.NaN)).toBe(0);
    expect(displayBalance(Infinity)).toBe(0);
    expect(displayBalance("12")).toBe(0);
  });
});
