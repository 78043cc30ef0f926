import { describe, expect, it } from "vitest";
import { adjustmentConfirmMessage, adjustmentRefusal, classifyPlayerQuery } from "./admin-players";

describe("the players search box (docs/SCREENS.md §3.12)", () => {
  it.each([
    ["", { kind: "all" }],
    ["  ", { kind: "all" }],
    ["5555550102", { kind: "phone", e164: "+15555550102" }],
    ["(555) 555-0102", { kind: "phone", e164: "+15555550102" }],
    ["+1 555.555.0102", { kind: "phone", e164: "+15555550102" }],
    ["15555550102", { kind: "phone", e164: "+15555550102" }],
    ["Bullpen", { kind: "handle", prefix: "bullpen" }],
    ["@bullpen_b", { kind: "handle", prefix: "bullpen_b" }],
    ["123", { kind: "handle", prefix: "123" }],
    ["555-01", { kind: "none" }],
    ["two words", { kind: "none" }],
    ["a%", { kind: "none" }],
  ])("reads %j as %j", (typed, expected) => {
    expect(classifyPlayerQuery(typed)).toEqual(expected);
  });
});

describe("the adjustment confirmation says the amount and the new balance", () => {
  it.each([
    [500, 2000, "Add 5 diamonds to @sam's balance? New balance: 25 diamonds."],
    [-1250, 2000, "Take 12.5 diamonds from @sam's balance? New balance: 7.5 diamonds."],
    [1, 0, "Add 0.01 diamonds to @sam's balance? New balance: 0.01 diamonds."],
  ])("%i cents on a balance of %i cents", (amount, balance, message) => {
    expect(adjustmentConfirmMessage("sam", amount, balance)).toBe(message);
  });
});

describe("an adjustment the server would refuse is refused before its confirmation", () => {
  it("refuses a deduction below zero and says the balance", () => {
    expect(adjustmentRefusal(-751, 750)).toBe("That would take the balance below zero. The balance is 7.5 diamonds.");
  });

  it("allows a deduction to exactly zero, and any addition", () => {
    expect(adjustmentRefusal(-750, 750)).toBeNull();
    expect(adjustmentRefusal(100, 0)).toBeNull();
  });
});
