import { describe, expect, it } from "vitest";
import { gameScore } from "./game-score";

const game = { status: "in_progress", statusDetail: "Bot 7th", homeScore: 5, awayScore: 3, home: "BOS", away: "NYY" };

describe("a game's score line", () => {
  it.each([
    ["a game under way shows ESPN's state", game, { score: "NYY 3 @ BOS 5", state: "Bot 7th" }],
    ["a game under way without a detail reads Live", { ...game, statusDetail: null }, { score: "NYY 3 @ BOS 5", state: "Live" }],
    [
      "a final reads Final, whatever the detail",
      { ...game, status: "final", statusDetail: "F/10" },
      { score: "NYY 3 @ BOS 5", state: "Final" },
    ],
    ["a scoreless start still shows 0 - 0", { ...game, homeScore: 0, awayScore: 0 }, { score: "NYY 0 @ BOS 0", state: "Bot 7th" }],
    ["a game not started has none", { ...game, status: "scheduled" }, null],
    ["a postponed game without a score has none", { ...game, status: "postponed", homeScore: null, awayScore: null }, null],
    ["a game without its teams has none", { ...game, home: null }, null],
  ])("%s", (_name, input, expected) => {
    expect(gameScore(input)).toEqual(expected);
  });
});
