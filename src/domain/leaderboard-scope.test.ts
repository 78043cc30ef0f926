import { describe, expect, it } from "vitest";
import { overallScopeKey, scopesOfTake, seasonYearOf, weekStartOf } from "./leaderboard-scope";

describe("leaderboard periods in New York time", () => {
  it("weeks start on Monday", () => {
    expect(weekStartOf("2025-10-12")).toBe("2025-10-06"); // Sunday
    expect(weekStartOf("2025-10-06")).toBe("2025-10-06"); // Monday
    expect(weekStartOf("2026-01-01")).toBe("2025-12-29"); // across a year
  });

  it("January and February belong to the season that began the year before", () => {
    expect(seasonYearOf("2026-02-08")).toBe(2025);
    expect(seasonYearOf("2026-03-01")).toBe(2026);
    expect(seasonYearOf("2025-09-04")).toBe(2025);
  });

  it("today is the New York day, not the UTC one", () => {
    const lateSaturdayInNewYork = new Date("2025-10-12T03:30:00Z");
    expect(overallScopeKey({ period: "today", now: lateSaturdayInNewYork })).toBe("day:2025-10-11");
    expect(overallScopeKey({ period: "week", league: "nfl", now: lateSaturdayInNewYork })).toBe("league:nfl:week:2025-10-06");
    expect(overallScopeKey({ period: "season", now: lateSaturdayInNewYork })).toBe("season:2025");
    expect(overallScopeKey({ period: "all", now: lateSaturdayInNewYork })).toBe("all");
    expect(overallScopeKey({ period: "all", league: "mlb", now: lateSaturdayInNewYork })).toBe("league:mlb");
  });
});

describe("scopesOfTake", () => {
  it("lists every board one take counts in, each once", () => {
    const scopes = scopesOfTake({
      league: "nfl",
      packId: "p1",
      contestIds: ["c1", "c1"],
      teamIds: ["t1", "t2"],
      createdAt: new Date("2025-10-12T03:30:00Z"),
    });
    expect(scopes.sort()).toEqual(
      [
        "all",
        "pack:p1",
        "day:2025-10-11",
        "week:2025-10-06",
        "season:2025",
        "league:nfl",
        "league:nfl:day:2025-10-11",
        "league:nfl:week:2025-10-06",
        "league:nfl:season:2025",
        "contest:c1",
        "team:t1",
        "team:t2",
      ].sort(),
    );
  });
});
