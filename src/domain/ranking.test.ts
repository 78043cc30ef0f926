import { describe, expect, it } from "vitest";
import { compareLeaderboardRows, competitionRanks, formatWinShare } from "./ranking";

describe("leaderboard ranking", () => {
  it("orders by points, then wins, then handle, and shares ranks on ties (1, 2, 2, 4)", () => {
    const rows = [
      { handle: "zed", points: 500, won: 2 },
      { handle: "amy", points: 900, won: 3 },
      { handle: "bob", points: 500, won: 2 },
      { handle: "cat", points: 500, won: 1 },
    ].sort(compareLeaderboardRows);
    expect(competitionRanks(rows).map((r) => [r.handle, r.rank])).toEqual([
      ["amy", 1],
      ["bob", 2],
      ["zed", 2],
      ["cat", 4],
    ]);
  });

  it.each([
    [2, 1, ".667"],
    [0, 3, ".000"],
    [4, 0, "1.000"],
    [0, 0, "—"],
  ])("%s won and %s lost shows %s", (won, lost, expected) => {
    expect(formatWinShare(won, lost)).toBe(expected);
  });
});
