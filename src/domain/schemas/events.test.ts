import { describe, expect, it } from "vitest";
import { ZAdminEventsPage, ZEventOddsAnswer, ZFetchPlayersRequest, ZTeamRequest } from "./events";

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
    const team = ZTeamRequest.parse({ league: "mlb", name: "Giants", fullName: "San Francisco Giants", slug: "giants", abbreviation: "sf", logoUrl: "" });
    expect(team).toEqual({ league: "mlb", name: "Giants", fullName: "San Francisco Giants", slug: "giants", abbreviation: "SF", logoUrl: null });
    expect(ZTeamRequest.safeParse({ ...team, slug: "San Francisco" }).error?.issues[0]?.message).toBe("Slugs are lower-case letters, numbers and dashes.");
  });
});
