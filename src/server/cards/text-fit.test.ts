// Text on a share card never runs past its box (docs/decisions/067-share-cards.md): each fitted
// line is drawn alone by resvg in the bundled font and measured.
import { describe, expect, it } from "vitest";
import { drawing } from "@/server/pictures/render-png";
import { CARD_HEIGHT, CARD_WIDTH, drawPackCard, drawProfileCard, drawReceiptCard } from "./draw-cards";
import { ellipsize, fitLine, fitLines, type FontWeight } from "./text-fit";

const WEIGHT = { regular: 400, bold: 700, black: 900 } as const;

/** How wide resvg draws `text` at `size` in `weight`. */
function drawnWidth(text: string, size: number, weight: FontWeight): number {
  const escaped = text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="200" viewBox="0 0 4000 200"><text x="0" y="150" font-family="Inter" font-size="${size}" font-weight="${WEIGHT[weight]}">${escaped}</text></svg>`;
  return drawing(svg, 4000).getBBox()?.width ?? 0;
}

const LONG_TITLE = "Sunday Night Football: Philadelphia Eagles at Washington Commanders, every prop of the week and then some more";

describe("fitting a line", () => {
  it("keeps a short text whole at the largest size", () => {
    expect(fitLine("Week 1", { maxWidth: 1000, maxSize: 72, minSize: 40, weight: "black" })).toEqual({ text: "Week 1", size: 72 });
  });

  it("shrinks a longer text to the size at which it fits", () => {
    const fitted = fitLine("Philadelphia Eagles at Washington", { maxWidth: 800, maxSize: 72, minSize: 30, weight: "black" });
    expect(fitted.text).toBe("Philadelphia Eagles at Washington");
    expect(fitted.size).toBeLessThan(72);
    expect(drawnWidth(fitted.text, fitted.size, "black")).toBeLessThanOrEqual(800);
  });

  it("cuts with an ellipsis what does not fit at the smallest size", () => {
    const fitted = fitLine(`@${"a_very_long_handle".repeat(4)}`, { maxWidth: 600, maxSize: 72, minSize: 40, weight: "black" });
    expect(fitted.size).toBe(40);
    expect(fitted.text.endsWith("…")).toBe(true);
    expect(drawnWidth(fitted.text, 40, "black")).toBeLessThanOrEqual(600);
  });

  it("cuts at a word break when one is near the end", () => {
    expect(ellipsize("Who wins the game tonight in Philadelphia", 420, 30, "bold")).toMatch(/^Who wins the game[a-z ]*…$/);
    expect(ellipsize("Who wins the game tonight in Philadelphia", 420, 30, "bold")).not.toMatch(/ …$/);
  });
});

describe("fitting lines", () => {
  it("wraps a title to two lines at the largest size where both fit", () => {
    const fitted = fitLines("Sunday Night Football: Eagles at Commanders", {
      maxWidth: 1072,
      maxSize: 72,
      minSize: 44,
      weight: "black",
      maxLines: 2,
    });
    expect(fitted.lines).toHaveLength(2);
    for (const line of fitted.lines) expect(drawnWidth(line, fitted.size, "black")).toBeLessThanOrEqual(1072);
  });

  it("cuts the last line with an ellipsis when even the smallest size needs more lines", () => {
    const fitted = fitLines(LONG_TITLE, { maxWidth: 700, maxSize: 72, minSize: 44, weight: "black", maxLines: 2 });
    expect(fitted.size).toBe(44);
    expect(fitted.lines).toHaveLength(2);
    expect(fitted.lines[1]!.endsWith("…")).toBe(true);
    for (const line of fitted.lines) expect(drawnWidth(line, 44, "black")).toBeLessThanOrEqual(700);
  });

  it("cuts a single word longer than the line", () => {
    const fitted = fitLines("x".repeat(120), { maxWidth: 500, maxSize: 60, minSize: 40, weight: "black", maxLines: 2 });
    for (const line of fitted.lines) expect(drawnWidth(line, 40, "black")).toBeLessThanOrEqual(500);
  });
});

describe("a whole card with the longest words", () => {
  it("draws nothing past the card's edges", () => {
    const team = { abbreviation: "WSH", name: "Washington Commanders", color: "5a1414", alternateColor: "ffb612" };
    const cards = [
      drawPackCard({
        title: LONG_TITLE,
        league: "nfl",
        games: [{ away: team, home: team, title: "x" }],
        propCount: 12,
        status: "Closes Sun, Dec 6 · 8:20 PM ET",
      }),
      drawReceiptCard({
        handle: "h".repeat(40),
        packTitle: LONG_TITLE,
        locked: Array.from({ length: 20 }, (_, i) => ({
          prop: `Longest field goal of the game by either kicker ${i}`,
          side: "Over 48.5 yards",
          result: "won" as const,
        })),
        hiddenCount: 3,
        graded: { won: 20, lost: 0, pushed: 0, points: 123_456 },
      }),
      drawProfileCard({ handle: "W".repeat(40), points: 12_345_678, won: 1234, lost: 999, pushed: 88, rank: 123_456, favoriteTeam: team }),
    ];
    for (const card of cards) {
      const box = drawing(card.svg, CARD_WIDTH).getBBox()!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(CARD_WIDTH);
      expect(box.y + box.height).toBeLessThanOrEqual(CARD_HEIGHT);
      // Every line of the card alone stays inside the padding (the badges nested in it are drawn in their own box).
      for (const element of card.svg.matchAll(/<text [^>]*font-family="Inter"[^>]*>[^<]*<\/text>/g)) {
        const alone = `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">${element[0]}</svg>`;
        const text = drawing(alone, CARD_WIDTH).getBBox();
        if (!text) continue;
        expect(text.x, element[0]).toBeGreaterThanOrEqual(60);
        expect(text.x + text.width, element[0]).toBeLessThanOrEqual(CARD_WIDTH - 60);
      }
    }
  });
});
