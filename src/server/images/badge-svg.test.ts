import { describe, expect, it } from "vitest";
import { badgeUrl, buildBadgeSvg, initialsOf, parseBadgeRequest, teamLogoUrl } from "./badge-svg";

describe("generated badges", () => {
  it("puts the whole picture in the URL and reads the same badge back from it", () => {
    const url = badgeUrl({ kind: "nfl", text: "phi", primary: "#004C54", secondary: "#A5ACAF" });
    expect(url).toBe("/api/badges/nfl/PHI.svg?c=004c54&a=a5acaf&v=1");
    const parsed = new URL(url, "http://x");
    const [, , , kind, file] = parsed.pathname.split("/");
    expect(parseBadgeRequest(kind!, file!, parsed.searchParams)).toEqual({
      kind: "nfl",
      text: "PHI",
      primary: "004c54",
      secondary: "a5acaf",
    });
  });

  it("refuses kinds, texts and colours it does not make", () => {
    const search = new URLSearchParams("c=004c54&a=a5acaf");
    expect(parseBadgeRequest("nba", "PHI.svg", search)).toBeNull();
    expect(parseBadgeRequest("nfl", "TOOLONG.svg", search)).toBeNull();
    expect(parseBadgeRequest("nfl", "<b>.svg", search)).toBeNull();
    expect(parseBadgeRequest("nfl", "PHI.svg", new URLSearchParams("c=red"))).toBeNull();
  });

  it("draws the text on the team's colours, legible on light and dark ones", () => {
    const dark = buildBadgeSvg({ kind: "mlb", text: "NYY", primary: "#132448", secondary: "#c4ced4" });
    expect(dark).toContain("<title>NYY</title>");
    expect(dark).toContain('fill="#132448"');
    expect(dark).toMatch(/fill="#ffffff">NYY<\/text>/);
    const light = buildBadgeSvg({ kind: "nfl", text: "PIT", primary: "#ffb612", secondary: "#000000" });
    expect(light).toMatch(/fill="#0f172a">PIT<\/text>/);
  });

  it("falls back to neutral colours and never draws anything but the checked text", () => {
    const svg = buildBadgeSvg({ kind: "item", text: "x<y", primary: "javascript:", secondary: null });
    expect(svg).not.toContain("<y");
    expect(svg).toContain("#334155");
  });

  it("makes item initials from the words that start with a letter", () => {
    expect(initialsOf("Stadium Snack Voucher")).toBe("SS");
    expect(initialsOf("$25 Sideline Gear Gift Card")).toBe("SG");
    expect(initialsOf("$$$")).toBe("X");
  });

  it("shows a team's stored logo, and its badge only when it has none", () => {
    const team = { league: "mlb", abbreviation: "LA-D", color: "#005a9c", alternateColor: "#ffffff" };
    expect(teamLogoUrl({ ...team, logoUrl: "https://example.com/lad.png" })).toBe("https://example.com/lad.png");
    expect(teamLogoUrl({ ...team, logoUrl: null })).toBe("/api/badges/mlb/LAD.svg?c=005a9c&a=ffffff&v=1");
  });
});
