import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseEspnTeams } from "./parse-teams";

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../../fixtures/espn/${name}`, import.meta.url), "utf8"));

const teamList = (leagueSlug: string, teams: unknown[]) => ({
  sports: [{ leagues: [{ slug: leagueSlug, teams: teams.map((team) => ({ team })) }] }],
});

describe("parseEspnTeams on ESPN's real team lists", () => {
  const nfl = parseEspnTeams(fixture("teams-nfl.json"), "nfl");
  const mlb = parseEspnTeams(fixture("teams-mlb.json"), "mlb");

  it("reads all 32 NFL and 30 MLB teams", () => {
    expect(nfl).toHaveLength(32);
    expect(mlb).toHaveLength(30);
  });

  it("gives every team a slug that is unique within its league", () => {
    for (const teams of [nfl, mlb]) {
      const slugs = teams.map((team) => team.slug);
      expect(new Set(slugs).size).toBe(slugs.length);
      for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it("maps the Eagles with nickname slug, abbreviation, names, default logo and CSS colours", () => {
    expect(nfl.find((team) => team.abbreviation === "PHI")).toEqual({
      league: "nfl",
      espnTeamId: "21",
      slug: "eagles",
      abbreviation: "PHI",
      name: "Eagles",
      fullName: "Philadelphia Eagles",
      location: "Philadelphia",
      logoUrl: "https://a.espncdn.com/i/teamlogos/nfl/500/phi.png",
      color: "#06424d",
      alternateColor: "#000000",
    });
  });

  it("slugs MLB teams by nickname, not by ESPN's city-valued nickname field", () => {
    const bySlug = new Map(mlb.map((team) => [team.slug, team]));
    expect(bySlug.get("yankees")).toMatchObject({
      abbreviation: "NYY",
      fullName: "New York Yankees",
      espnTeamId: "10",
    });
    expect(bySlug.get("athletics")).toMatchObject({ abbreviation: "ATH", name: "Athletics", fullName: "Athletics" });
    expect(bySlug.get("red-sox")).toMatchObject({ abbreviation: "BOS", name: "Red Sox" });
    expect(bySlug.get("white-sox")).toMatchObject({ abbreviation: "CHW" });
    expect(bySlug.get("blue-jays")).toMatchObject({ abbreviation: "TOR" });
    expect(bySlug.get("diamondbacks")).toMatchObject({ abbreviation: "ARI", location: "Arizona" });
  });

  it("keeps one slug namespace per league, so Giants exist in both", () => {
    expect(nfl.find((team) => team.slug === "giants")?.abbreviation).toBe("NYG");
    expect(mlb.find((team) => team.slug === "giants")?.abbreviation).toBe("SF");
  });
});

describe("parseEspnTeams on unusual payloads", () => {
  const minimalTeam = { id: "1", abbreviation: "AAA", displayName: "Alpha Aces", name: "Aces" };

  it("prefers the logo marked default wherever it sits, else takes the first", () => {
    const [withDefault, withoutDefault] = parseEspnTeams(
      teamList("nfl", [
        {
          ...minimalTeam,
          logos: [
            { href: "https://a.espncdn.com/dark.png", rel: ["full", "dark"] },
            { href: "https://a.espncdn.com/default.png", rel: ["full", "default"] },
          ],
        },
        {
          ...minimalTeam,
          id: "2",
          abbreviation: "BBB",
          name: "Bees",
          logos: [{ href: "https://a.espncdn.com/only.png", rel: ["full", "dark"] }],
        },
      ]),
      "nfl",
    );
    expect(withDefault?.logoUrl).toBe("https://a.espncdn.com/default.png");
    expect(withoutDefault?.logoUrl).toBe("https://a.espncdn.com/only.png");
  });

  it("ignores unknown keys and fills missing optional fields with null", () => {
    const [team] = parseEspnTeams(teamList("mlb", [{ ...minimalTeam, id: 7, brandNew: { x: 1 }, color: "not-a-colour" }]), "mlb");
    expect(team).toEqual({
      league: "mlb",
      espnTeamId: "7",
      slug: "aces",
      abbreviation: "AAA",
      name: "Aces",
      fullName: "Alpha Aces",
      location: null,
      logoUrl: null,
      color: null,
      alternateColor: null,
    });
  });

  it("derives the nickname from the display name when ESPN omits it", () => {
    const [team] = parseEspnTeams(
      teamList("nfl", [{ id: "3", abbreviation: "SFS", displayName: "San Fran Sea Lions", location: "San Fran" }]),
      "nfl",
    );
    expect(team).toMatchObject({ name: "Sea Lions", slug: "sea-lions" });
  });

  it("appends the abbreviation when two teams of a league share a nickname", () => {
    const teams = parseEspnTeams(
      teamList("mlb", [minimalTeam, { ...minimalTeam, id: "2", abbreviation: "ZZZ", displayName: "Zulu Aces" }]),
      "mlb",
    );
    expect(teams.map((team) => team.slug)).toEqual(["aces", "aces-zzz"]);
  });

  it("skips all-star squads", () => {
    const teams = parseEspnTeams(teamList("mlb", [minimalTeam, { ...minimalTeam, id: "9", isAllStar: true }]), "mlb");
    expect(teams).toHaveLength(1);
  });

  it("refuses a team list that belongs to another league", () => {
    expect(() => parseEspnTeams(fixture("teams-mlb.json"), "nfl")).toThrow(/response is for "mlb"/);
  });

  it("refuses a payload that is not a team list", () => {
    expect(() => parseEspnTeams({ events: [] }, "nfl")).toThrow(/unexpected shape/);
    expect(() => parseEspnTeams(teamList("nfl", [{ id: "1" }]), "nfl")).toThrow(/unexpected shape/);
  });
});
