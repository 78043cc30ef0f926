import { describe, expect, it } from "vitest";
import { parseTeamRouteSlug, routeSlugAmong } from "./team-route-slug";

describe("team route slugs", () => {
  const nflGiants = { league: "nfl", slug: "giants" };
  const mlbGiants = { league: "mlb", slug: "giants" };

  it("keeps the plain slug when no other league uses it", () => {
    expect(routeSlugAmong({ league: "mlb", slug: "yankees" }, [{ league: "mlb", slug: "yankees" }])).toBe("yankees");
  });

  it("gives the NFL team the plain slug and prefixes the MLB team that shares it", () => {
    expect(routeSlugAmong(nflGiants, [nflGiants, mlbGiants])).toBe("giants");
    expect(routeSlugAmong(mlbGiants, [nflGiants, mlbGiants])).toBe("mlb-giants");
  });

  it("reads the league prefix, and a plain slug as no league", () => {
    expect(parseTeamRouteSlug("MLB-Giants")).toEqual({ league: "mlb", slug: "giants" });
    expect(parseTeamRouteSlug("nfl-giants")).toEqual({ league: "nfl", slug: "giants" });
    expect(parseTeamRouteSlug("red-sox")).toEqual({ slug: "red-sox" });
    expect(parseTeamRouteSlug("nfl-")).toEqual({ slug: "nfl-" });
  });
});
