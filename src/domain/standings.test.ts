import { describe, expect, it } from "vitest";
import {
  rankStandings,
  standingsScopesOfPack,
  standingsTieBreakWords,
  standingsWeekLabel,
  standingsWeekStart,
  isDay,
  type StandingsLine,
  type StandingsTieBreak,
} from "./standings";

const at = (hhmm: string) => new Date(`2026-09-13T${hhmm}:00Z`);
const line = (handle: string, points: number, won: number, picks: number, submitted: string | null): StandingsLine => ({
  handle,
  points,
  won,
  picks,
  lastSubmittedAt: submitted ? at(submitted) : null,
});

// Five players level on 300 points, each step of the rule separating some of them; one ahead on points.
const lines = [
  line("dora", 300, 2, 5, "12:00"),
  line("cole", 300, 3, 6, "13:00"),
  line("abby", 300, 2, 4, "11:00"),
  line("ben", 300, 3, 4, null),
  line("eve", 300, 2, 4, "11:00"),
  line("zed", 400, 1, 8, "14:00"),
];

// Earliest submission leaves only abby and eve level, and they won as many props: "most won" after it changes nothing.
const BY_EARLIEST: Array<[number, string]> = [
  [1, "zed"],
  [2, "abby"],
  [2, "eve"],
  [4, "dora"],
  [5, "cole"],
  [6, "ben"],
];

describe("standings with each tie-break order", () => {
  it.each<[string, StandingsTieBreak[], Array<[number, string]>]>([
    [
      "points only, then handle (all level share a rank)",
      [],
      [
        [1, "zed"],
        [2, "abby"],
        [2, "ben"],
        [2, "cole"],
        [2, "dora"],
        [2, "eve"],
      ],
    ],
    [
      "most props won",
      ["won"],
      [
        [1, "zed"],
        [2, "ben"],
        [2, "cole"],
        [4, "abby"],
        [4, "dora"],
        [4, "eve"],
      ],
    ],
    ["earliest final submission (none known goes last)", ["earliest"], BY_EARLIEST],
    [
      "most picks made",
      ["most_picks"],
      [
        [1, "zed"],
        [2, "cole"],
        [3, "dora"],
        [4, "abby"],
        [4, "ben"],
        [4, "eve"],
      ],
    ],
    [
      "fewest picks made",
      ["fewest_picks"],
      [
        [1, "zed"],
        [2, "abby"],
        [2, "ben"],
        [2, "eve"],
        [5, "dora"],
        [6, "cole"],
      ],
    ],
    [
      "most props won, then earliest submission",
      ["won", "earliest"],
      [
        [1, "zed"],
        [2, "cole"],
        [3, "ben"],
        [4, "abby"],
        [4, "eve"],
        [6, "dora"],
      ],
    ],
    ["earliest submission, then most props won", ["earliest", "won"], BY_EARLIEST],
    [
      "fewest picks, then earliest, then won",
      ["fewest_picks", "earliest", "won"],
      [
        [1, "zed"],
        [2, "abby"],
        [2, "eve"],
        [4, "ben"],
        [5, "dora"],
        [6, "cole"],
      ],
    ],
    [
      "most picks, then most won",
      ["most_picks", "won"],
      [
        [1, "zed"],
        [2, "cole"],
        [3, "dora"],
        [4, "ben"],
        [5, "abby"],
        [5, "eve"],
      ],
    ],
  ])("orders by points, then %s", (_name, order, expected) => {
    expect(rankStandings(lines, order).map((row) => [row.rank, row.handle])).toEqual(expected);
  });

  it("compares handles without regard to case and ranks nobody when there are no lines", () => {
    expect(rankStandings([line("Bob", 1, 0, 1, null), line("alice", 1, 0, 1, null)], []).map((row) => row.handle)).toEqual([
      "alice",
      "Bob",
    ]);
    expect(rankStandings([], ["won"])).toEqual([]);
  });

  it("writes the chosen order out for players, points first and handle last", () => {
    expect(standingsTieBreakWords(["won", "earliest"])).toEqual([
      "Most points",
      "Then most props won",
      "Then earliest final submission (the time of the player's last change to their picks)",
      "Then handle, A to Z (players level on every step above share a rank)",
    ]);
    expect(standingsTieBreakWords([])).toHaveLength(2);
  });
});

describe("standings weeks", () => {
  it.each([
    ["nfl", "2026-09-10", "2026-09-10", "Week 1"], // Thursday opener
    ["nfl", "2026-09-13", "2026-09-10", "Week 1"], // Sunday
    ["nfl", "2026-09-14", "2026-09-10", "Week 1"], // Monday night
    ["nfl", "2026-09-17", "2026-09-17", "Week 2"],
    ["nfl", "2027-01-10", "2027-01-07", "Week 18"], // January belongs to the 2026 season
    ["nfl", "2026-08-20", "2026-08-20", "Preseason"],
    ["mlb", "2026-06-17", "2026-06-15", "Week of Jun 15"], // Wednesday → its Monday
    ["mlb", "2026-06-21", "2026-06-15", "Week of Jun 15"], // Sunday
  ])("a %s pack closing on %s counts in the week starting %s (%s)", (league, day, start, label) => {
    expect(standingsWeekStart(league, day)).toBe(start);
    expect(standingsWeekLabel(league, start)).toBe(label);
  });

  it("accepts only real days as a week", () => {
    expect(isDay("2026-09-10")).toBe(true);
    expect(isDay("2026-02-30")).toBe(false);
    expect(isDay("week-1")).toBe(false);
  });
});

describe("the maintained standings scopes of a pack", () => {
  const base = { openTime: null, createdAt: new Date("2026-06-01T12:00:00Z") };
  it("names its league's season and week of its New York close day", () => {
    // Monday Night Football ends after midnight UTC: still Monday in New York, NFL week 1 (from Thursday Sep 10).
    expect(standingsScopesOfPack({ ...base, league: "nfl", status: "graded", closeTime: new Date("2026-09-15T03:30:00Z") })).toEqual([
      "standings:nfl:season:2026",
      "standings:nfl:week:2026-09-10",
    ]);
    // A February close belongs to the season before; MLB weeks start on Monday.
    expect(standingsScopesOfPack({ ...base, league: "mlb", status: "live", closeTime: new Date("2027-02-10T18:00:00Z") })).toEqual([
      "standings:mlb:season:2026",
      "standings:mlb:week:2027-02-08",
    ]);
  });

  it("falls back to the open time, then the creation, and names none for drafts, archived packs or no league", () => {
    expect(
      standingsScopesOfPack({
        league: "mlb",
        status: "live",
        closeTime: null,
        openTime: null,
        createdAt: new Date("2026-06-03T12:00:00Z"),
      }),
    ).toEqual(["standings:mlb:season:2026", "standings:mlb:week:2026-06-01"]);
    expect(standingsScopesOfPack({ ...base, league: "mlb", status: "draft", closeTime: null })).toEqual([]);
    expect(standingsScopesOfPack({ ...base, league: "mlb", status: "archived", closeTime: null })).toEqual([]);
    expect(standingsScopesOfPack({ ...base, league: null, status: "graded", closeTime: null })).toEqual([]);
  });
});
