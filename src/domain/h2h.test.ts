import { describe, expect, it } from "vitest";
import { decideH2hOutcome, h2hBonusCents, settleH2h, type H2hScore, type H2hTiePolicy } from "./h2h";

const win: [H2hScore, H2hScore] = [
  { won: 3, points: 600 },
  { won: 2, points: 900 },
];
const loss: [H2hScore, H2hScore] = [
  { won: 1, points: 250 },
  { won: 2, points: 400 },
];
const tie: [H2hScore, H2hScore] = [
  { won: 2, points: 500 },
  { won: 2, points: 500 },
];

describe("the settlement table", () => {
  // [case, scores, policy, bonus cents, challenger cents, challenged cents, outcome]
  const rows: Array<[string, [H2hScore, H2hScore], H2hTiePolicy, number, number, number, string]> = [
    ["win", win, "split", 1000, 1000, 0, "challenger"],
    ["win", win, "both", 1000, 1000, 0, "challenger"],
    ["win", win, "none", 1000, 1000, 0, "challenger"],
    ["loss", loss, "split", 1000, 0, 1000, "challenged"],
    ["loss", loss, "both", 1000, 0, 1000, "challenged"],
    ["loss", loss, "none", 1000, 0, 1000, "challenged"],
    ["tie", tie, "split", 1000, 500, 500, "tie"],
    ["tie with an odd cent", tie, "split", 1001, 500, 500, "tie"],
    ["tie", tie, "both", 1001, 1001, 1001, "tie"],
    ["tie", tie, "none", 1000, 0, 0, "tie"],
    ["win", win, "split", 0, 0, 0, "challenger"],
    ["loss", loss, "both", 0, 0, 0, "challenged"],
    ["tie", tie, "split", 0, 0, 0, "tie"],
    ["tie", tie, "both", 0, 0, 0, "tie"],
    ["tie", tie, "none", 0, 0, 0, "tie"],
    ["tie with one cent", tie, "split", 1, 0, 0, "tie"],
  ];
  for (const [label, [challenger, challenged], tiePolicy, bonusCents, toChallenger, toChallenged, outcome] of rows) {
    it(`${label}, policy ${tiePolicy}, bonus ${bonusCents}¢: challenger ${toChallenger}¢, challenged ${toChallenged}¢`, () => {
      expect(settleH2h({ challenger, challenged, bonusCents, tiePolicy })).toEqual({
        outcome,
        payoutCents: { challenger: toChallenger, challenged: toChallenged },
      });
    });
  }
});

describe("who wins", () => {
  it("more props won wins even with fewer points", () => {
    expect(decideH2hOutcome({ won: 3, points: 300 }, { won: 2, points: 1000 })).toBe("challenger");
  });
  it("equal props won are decided by points", () => {
    expect(decideH2hOutcome({ won: 2, points: 400 }, { won: 2, points: 401 })).toBe("challenged");
  });
  it("players with nothing are tied", () => {
    expect(decideH2hOutcome({ won: 0, points: 0 }, { won: 0, points: 0 })).toBe("tie");
  });
});

describe("the configured bonus", () => {
  it("converts diamonds to whole cents", () => {
    expect(h2hBonusCents(0)).toBe(0);
    expect(h2hBonusCents(5)).toBe(500);
    expect(h2hBonusCents(2.5)).toBe(250);
    expect(h2hBonusCents(0.1 + 0.2)).toBe(30);
  });
  it("refuses a negative bonus", () => {
    expect(() => h2hBonusCents(-1)).toThrow(RangeError);
    expect(() => settleH2h({ challenger: win[0], challenged: win[1], bonusCents: -5, tiePolicy: "split" })).toThrow(RangeError);
  });
});
