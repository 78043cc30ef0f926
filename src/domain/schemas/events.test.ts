import { describe, expect, it } from "vitest";
import {
  ZAdminEventsPage,
  ZAdminEventsQuery,
  ZEventOddsAnswer,
  ZFetchPlayersRequest,
  ZPlayersQuery,
  ZSlateRequest,
  ZTeamRequest,
} from "./events";

const event = {
  id: "6f1c2b9e-3c4d-4e5f-8a9b-0c1d2e3f4a5b",
  eventTitle: "Commanders at Eagles",
  eventTime: "2025-10-12T17:00:00.000Z",
  eventLeague: "nfl",
  espnEventId: "401772829",
  espnUrl: "https://www.espn.com/nfl/game/_/gameId/401772829",
  shortName: "WSH @ PHI",
  status: "scheduled",
  statusDetail: null,
  homeScore: null,
  awayScore: null,
  venue: null,
  neutralSite: false,
  seasonYear: 2025,
  week: 6,
  coverUrl: null,
  // The seed's demo odds: no spread, no favorite, and a key the importer never writes.
  odds: { provider: "Demo odds", details: "PHI -180", homeMoneyline: -180, awayMoneyline: 150, overUnder: 45.5, extra: "kept" },
  details: { homeRecord: "4-1", awayRecord: "3-2" },
  homeTeam: null,
  awayTeam: null,
  homeTeamLogo: null,
  awayTeamLogo: null,
  props: [],
  packs: [],
};

describe("events answer schemas", () => {
  it("pass an event's stored odds through whole, as the seed or the importer wrote them", () => {
    const page = { events: [event], nextCursor: null };
    expect(ZAdminEventsPage.parse(page)).toEqual(page);
  });

  it("refuse an answer that breaks its contract", () => {
    expect(ZAdminEventsPage.safeParse({ events: [{ ...event, eventLeague: "nba" }], nextCursor: null }).success).toBe(false);
    expect(ZEventOddsAnswer.safeParse({ odds: { homeMoneyline: "-180", awayMoneyline: 150 } }).success).toBe(false);
    expect(ZEventOddsAnswer.safeParse({ odds: { awayMoneyline: 150 } }).success).toBe(false);
  });

  it("reads odds stored at import without a provider, spread or total as null for each (the seed's demo odds)", () => {
    expect(ZEventOddsAnswer.parse({ odds: { homeMoneyline: -180, awayMoneyline: 150 } })).toEqual({
      odds: { homeMoneyline: -180, awayMoneyline: 150, provider: null, spread: null, overUnder: null },
    });
  });
});

describe("events request schemas", () => {
  it("takes a team id in any case and names what is missing otherwise", () => {
    expect(ZFetchPlayersRequest.parse({ teamId: "6F1C2B9E-3C4D-4E5F-8A9B-0C1D2E3F4A5B" }).teamId).toBe(event.id);
    expect(ZFetchPlayersRequest.safeParse({ teamId: "42" }).error?.issues[0]?.message).toBe("Pick a team first.");
    expect(ZFetchPlayersRequest.safeParse({}).error?.issues[0]?.message).toBe("Pick a team first.");
  });

  it("reads the team form: upper-case abbreviation, an empty logo as none", () => {
    const team = ZTeamRequest.parse({
      league: "mlb",
      name: "Giants",
      fullName: "San Francisco Giants",
      slug: "giants",
      abbreviation: "sf",
      logoUrl: "",
    });
    expect(team).toEqual({
      league: "mlb",
      name: "Giants",
      fullName: "San Francisco Giants",
      slug: "giants",
      abbreviation: "SF",
      logoUrl: null,
    });
    expect(ZTeamRequest.safeParse({ ...team, slug: "San Francisco" }).error?.issues[0]?.message).toBe(
      "Slugs are lower-case letters, numbers and dashes.",
    );
  });
});

describe("events list queries", () => {
  it("reads the events table's query: days in any accepted spelling, soonest first by default", () => {
    expect(ZAdminEventsQuery.parse({ from: "20251101", to: "251102", league: "nfl", limit: "25" })).toEqual({
      from: "2025-11-01",
      to: "2025-11-02",
      league: "nfl",
      sort: "soonest",
      limit: 25,
    });
    expect(ZAdminEventsQuery.safeParse({ from: "2025-02-30" }).error?.issues[0]?.message).toBe("Invalid date");
    expect(ZAdminEventsQuery.safeParse({ sort: "random" }).success).toBe(false);
    expect(ZAdminEventsQuery.safeParse({ limit: "101" }).success).toBe(false);
    expect(ZAdminEventsQuery.safeParse({ cursor: "a+b" }).error?.issues[0]?.message).toBe("Invalid cursor");
  });

  it("reads the athletes list's query: a team id lower-cased, at most 200 a page", () => {
    expect(ZPlayersQuery.parse({ teamId: "6F1C2B9E-3C4D-4E5F-8A9B-0C1D2E3F4A5B", limit: "200" })).toEqual({ teamId: event.id, limit: 200 });
    expect(ZPlayersQuery.safeParse({ teamId: "42" }).error?.issues[0]?.message).toBe("Unknown team");
    expect(ZPlayersQuery.safeParse({ league: "cricket" }).error?.issues[0]?.message).toBe("Unsupported league");
    expect(ZPlayersQuery.safeParse({ q: "x".repeat(101) }).success).toBe(false);
  });
});

describe("the slate request", () => {
  const slate = { league: "nfl", from: "2025-11-06", to: "2025-11-10", mode: "perGame" };

  it("reads a day or a week of games and previews unless told otherwise", () => {
    // The moneyline alone unless other kinds are asked for (decision 063).
    expect(ZSlateRequest.parse(slate)).toEqual({ ...slate, kinds: ["moneyline"], dryRun: true });
    expect(ZSlateRequest.parse({ ...slate, from: "20251106", to: "20251113", dryRun: false })).toEqual({
      ...slate,
      kinds: ["moneyline"],
      to: "2025-11-13",
      dryRun: false,
    });
  });

  it.each([
    ["a range ending before it starts", { ...slate, to: "2025-11-05" }, "The range must end on or after its start."],
    ["more than 8 days", { ...slate, to: "2025-11-14" }, "Pick a day or a week (8 days at most)."],
    ["an unknown mode", { ...slate, mode: "weekly" }, "Mode must be perGame or slate"],
    ["a dryRun that is not true or false", { ...slate, dryRun: "yes" }, "dryRun must be true or false"],
  ])("refuses %s", (_label, input, message) => {
    const parsed = ZSlateRequest.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it("puts a range's problem at its end day, where the form shows it", () => {
    expect(ZSlateRequest.safeParse({ ...slate, to: "2025-11-05" }).error?.issues[0]?.path).toEqual(["to"]);
  });
});
