import { describe, expect, it } from "vitest";
import {
  gamePackUrl,
  matchupTitle,
  moneylineProp,
  slateConfirmLabel,
  slatePackUrl,
  slateTitle,
  startedGamesWarning,
  type SlateGameInput,
} from "./slate";

// docs/decisions/037-slate-authoring.md
const game = (overrides: Partial<SlateGameInput> = {}): SlateGameInput => ({
  league: "nfl",
  startTime: new Date("2025-11-23T18:00:00Z"),
  week: 12,
  seasonType: 2,
  home: { name: "Eagles", abbreviation: "PHI" },
  away: { name: "Commanders", abbreviation: "WSH" },
  eventTitle: "Washington Commanders at Philadelphia Eagles",
  ...overrides,
});

describe("slate titles and URLs", () => {
  it.each([
    ["one NFL Sunday", [game(), game({ startTime: new Date("2025-11-24T01:20:00Z") })], "NFL Week 12 Sunday Slate"],
    ["a whole NFL week", [game({ startTime: new Date("2025-11-21T01:15:00Z") }), game()], "NFL Week 12 Slate"],
    [
      "an MLB day",
      [game({ league: "mlb", week: null, seasonType: 2, startTime: new Date("2025-09-27T17:05:00Z") })],
      "MLB Saturday Slate, Sep 27, 2025",
    ],
  ])("names %s", (_name, games, title) => {
    expect(slateTitle(games)).toBe(title);
  });

  it("names a game's pack by its matchup and its URL by matchup and New York day", () => {
    expect(matchupTitle(game())).toBe("Commanders at Eagles");
    expect(gamePackUrl(game({ startTime: new Date("2025-11-24T01:20:00Z") }))).toBe("commanders-at-eagles-2025-11-23");
    expect(slatePackUrl([game()])).toBe("nfl-week-12-sunday-slate-2025-11-23");
    expect(matchupTitle(game({ home: null }))).toBe("Washington Commanders at Philadelphia Eagles");
  });

  it.each([
    [1, 13, "Create 1 pack with 13 props"],
    [13, 13, "Create 13 packs with 13 props"],
    [1, 1, "Create 1 pack with 1 prop"],
  ])("says %i packs and %i props as %s", (packs, props, label) => {
    expect(slateConfirmLabel(packs, props)).toBe(label);
  });
});

describe("a game's moneyline prop", () => {
  it.each([
    ["ESPN's moneylines", { homeMoneyline: -155, awayMoneyline: 135 }, [135, -155, 338, 161]],
    ["no odds (even values)", null, [null, null, 250, 250]],
  ])("prices the sides from %s, away as side A", (_name, lines, [a, b, aValue, bValue]) => {
    expect(moneylineProp(game(), lines)).toMatchObject({
      shortLabel: "Commanders at Eagles",
      sideAShort: "Commanders",
      sideBShort: "Eagles",
      sideATake: "The Commanders win",
      sideBTake: "The Eagles win",
      sideAMoneyline: a,
      sideBMoneyline: b,
      sideAValue: aValue,
      sideBValue: bValue,
      closeTime: new Date("2025-11-23T18:00:00Z"),
      gradingRule: "who_wins",
      gradingParams: { homeSide: "B" },
    });
  });
});

describe("the warning about games already started (issue 41 item 7)", () => {
  const g = (matchup: string, started: boolean, choosable = true) => ({ matchup, started, choosable });
  it("names each started game that could still be made, and is silent when none has started", () => {
    expect(startedGamesWarning([g("Commanders at Eagles", true), g("Cowboys at Giants", false)])).toBe(
      "1 game has already started and is left out unless you check it: Commanders at Eagles.",
    );
    expect(startedGamesWarning([g("A at B", true), g("C at D", true), g("E at F", true, false)])).toBe(
      "2 games have already started and are left out unless you check them: A at B, C at D.",
    );
    expect(startedGamesWarning([g("A at B", false)])).toBeNull();
  });
});
