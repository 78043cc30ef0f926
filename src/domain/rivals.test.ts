import { describe, expect, it } from "vitest";
import { formatWonLostTied, hasPlayed, packOutcome } from "./rivals";

describe("a pack between two players", () => {
  it.each([
    [1250, 980, "won"],
    [980, 1250, "lost"],
    [500, 500, "tied"],
    [0, 0, "tied"],
  ] as const)("%i points against %i is %s", (mine, theirs, outcome) => {
    expect(packOutcome(mine, theirs)).toBe(outcome);
  });

  it("a record reads won–lost–tied", () => {
    expect(formatWonLostTied({ won: 7, lost: 3, tied: 1 })).toBe("7–3–1");
    expect(hasPlayed({ won: 0, lost: 0, tied: 0 })).toBe(false);
    expect(hasPlayed({ won: 0, lost: 0, tied: 1 })).toBe(true);
  });
});
