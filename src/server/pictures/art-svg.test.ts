// Drawn covers never clip a name (issue 39 item 6, docs/decisions/045-pictures-drawn-when-offline.md):
// each name line is drawn alone by resvg, in the fonts pictures are drawn in, and measured.
import { describe, expect, it } from "vitest";
import { COVER_MARGIN, COVER_SIZE, coverSvg, fitLine, leagueSubject } from "./art-svg";
import { drawing } from "./render-png";

/** The cover's name line alone, drawn and measured: its left and right edge in the cover's pixels. */
function nameEdges(name: string): { left: number; right: number; text: string } {
  const svg = coverSvg({ abbreviation: "XX", name, color: "#013369" });
  const texts = [...svg.matchAll(/<text [^>]*>[^<]*<\/text>/g)].map((match) => match[0]);
  const line = texts.at(-1)!;
  const alone = `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_SIZE}" height="${COVER_SIZE}" viewBox="0 0 ${COVER_SIZE} ${COVER_SIZE}">${line}</svg>`;
  const box = drawing(alone, COVER_SIZE).getBBox();
  expect(box, `resvg drew the name "${name}"`).toBeDefined();
  return { left: box!.x, right: box!.x + box!.width, text: line.replace(/<[^>]+>/g, "") };
}

describe("a drawn cover's name", () => {
  const names = [
    "Washington Commanders",
    "National Football League",
    "Major League Baseball",
    "Jacksonville Jaguars",
    "Tampa Bay Buccaneers",
    "Arizona Diamondbacks",
    "San Francisco 49ers",
    "Los Angeles Chargers",
  ];
  for (const name of names) {
    it(`shows "${name}" whole, inside the cover`, () => {
      const edges = nameEdges(name);
      expect(edges.text).toBe(name);
      expect(edges.left).toBeGreaterThanOrEqual(COVER_MARGIN / 2);
      expect(edges.right).toBeLessThanOrEqual(COVER_SIZE - COVER_MARGIN / 2);
    });
  }

  it("cuts a name too long for any size with an ellipsis, still inside the cover", () => {
    const edges = nameEdges("The Extraordinarily Long-Named Invitational Exhibition Club of Somewhere");
    expect(edges.text.endsWith("…")).toBe(true);
    expect(edges.left).toBeGreaterThanOrEqual(COVER_MARGIN / 2);
    expect(edges.right).toBeLessThanOrEqual(COVER_SIZE - COVER_MARGIN / 2);
  });

  it("keeps a short name at its full size", () => {
    expect(fitLine("Eagles", COVER_SIZE - 2 * COVER_MARGIN, 24, 15)).toEqual({ text: "Eagles", size: 24 });
    expect(leagueSubject("nfl").name).toBe("National Football League");
  });
});
