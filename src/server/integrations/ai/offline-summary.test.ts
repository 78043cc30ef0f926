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
});
