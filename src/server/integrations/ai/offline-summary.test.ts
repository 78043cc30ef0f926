import { describe, expect, it } from "vitest";
import { countWords, type SummaryEventFacts } from "@/domain/ai-summary";
import { writeOfflineSummary } from "./offline-summary";

const facts: SummaryEventFacts = {
  league: "mlb",
  title: "Kansas City Royals at St. Louis Cardinals",
  awayTeam: "Kansas City Royals",
  homeTeam: "St. Louis Cardinals",
  when: "Wed, Jun 4 · 7:45 PM ET",
  venue: "Busch Stadium",
  awayRecord: "32-29",
  homeRecord: "33-27",
  neutralSite: false,
};

describe("writeOfflineSummary", () => {
  it.each([10, 12, 20, 40, 200])("stays within %i words and names both teams", (wordsMax) => {
    const summary = writeOfflineSummary(facts, wordsMax);
    expect(countWords(summary)).toBeLessThanOrEqual(wordsMax);
    expect(summary).toContain("Kansas City Royals");
    expect(summary).toContain("St. Louis Cardinals");
  });

  it("uses the records, venue and time when there is room", () => {
    expect(writeOfflineSummary(facts, 40)).toBe(
      "The Kansas City Royals (32-29) take on the St. Louis Cardinals (33-27) at Busch Stadium, Wed, Jun 4 · 7:45 PM ET. Both sides bring their records into this MLB matchup; make your takes before the game starts.",
    );
  });

  it("writes without records or venue when the event has none", () => {
    const summary = writeOfflineSummary({ ...facts, venue: null, awayRecord: null, homeRecord: null }, 40);
    expect(summary.startsWith("The Kansas City Royals take on the St. Louis Cardinals, Wed")).toBe(true);
  });

  it("starts with the editor's context when it fits, and never goes over the limit", () => {
    const summary = writeOfflineSummary(facts, 60, "Rivalry week in the Show-Me State");
    expect(summary.startsWith("Rivalry week in the Show-Me State. The Kansas City Royals")).toBe(true);
    expect(
      countWords(writeOfflineSummary(facts, 12, "A very long context that would never fit in twelve words at all")),
    ).toBeLessThanOrEqual(12);
  });

  it("previews every game of a pack, not only its first", () => {
    const second: SummaryEventFacts = {
      ...facts,
      title: "Chicago Cubs at Milwaukee Brewers",
      awayTeam: "Chicago Cubs",
      homeTeam: "Milwaukee Brewers",
      when: "Wed, Jun 4 · 8:10 PM ET",
    };
    const summary = writeOfflineSummary([facts, second], 60);
    for (const team of ["Kansas City Royals", "St. Louis Cardinals", "Chicago Cubs", "Milwaukee Brewers"]) expect(summary).toContain(team);
    expect(summary.startsWith("2 games:")).toBe(true);
    expect(countWords(writeOfflineSummary([facts, second], 10))).toBeLessThanOrEqual(10);
  });
});
