import { describe, expect, it } from "vitest";
import {
  formatAdminDateTime,
  formatAgo,
  formatDateTime,
  formatLongDate,
  formatShortDateTime,
  nyDay,
  nyDayBounds,
  nyWallTime,
  parseDayParam,
} from "./time";

describe("New York days", () => {
  it("puts a 10:20 pm ET game on its ET date, not the UTC one", () => {
    expect(nyDay(new Date("2025-09-05T02:20:00Z"))).toBe("2025-09-04");
  });

  it("finds the instant of a New York wall-clock time in summer and winter", () => {
    expect(nyWallTime("2025-10-12", 13).toISOString()).toBe("2025-10-12T17:00:00.000Z");
    expect(nyWallTime("2025-12-14", 13).toISOString()).toBe("2025-12-14T18:00:00.000Z");
  });

  it("gives a 23-hour day when clocks spring forward", () => {
    const { start, end } = nyDayBounds("2026-03-08");
    expect((end.getTime() - start.getTime()) / 3_600_000).toBe(23);
  });

  it.each([
    ["2025-10-06", "2025-10-06"],
    ["20251006", "2025-10-06"],
    ["251006", "2025-10-06"],
    ["2025-02-30", null],
    ["tomorrow", null],
  ])("reads the date parameter %s as %s", (value, expected) => {
    expect(parseDayParam(value)).toBe(expected);
  });
});

describe("formats", () => {
  const kickoff = new Date("2025-10-12T17:00:00Z");
  it("formats dates the way docs/SCREENS.md §0 shows them", () => {
    expect(formatLongDate(kickoff)).toBe("Sunday, October 12, 2025");
    expect(formatDateTime(kickoff)).toBe("Oct 12, 2025, 1:00 PM ET");
    expect(formatShortDateTime(kickoff)).toBe("Sun, Oct 12 · 1:00 PM ET");
    // Admin lists span seasons, so they say the year.
    expect(formatAdminDateTime(kickoff)).toBe("Sun, Oct 12, 2025 · 1:00 PM ET");
  });
});

describe("formatAgo", () => {
  const now = new Date("2025-06-04T20:00:00Z");
  it.each([
    ["2025-06-04T19:59:31Z", "just now"],
    ["2025-06-04T20:00:05Z", "just now"],
    ["2025-06-04T19:58:00Z", "2 min ago"],
    ["2025-06-04T19:00:01Z", "59 min ago"],
    ["2025-06-04T17:00:00Z", "3 h ago"],
    ["2025-06-03T19:00:00Z", "1 day ago"],
    ["2025-05-30T20:00:00Z", "5 days ago"],
  ])("says %s was %s", (at, words) => {
    expect(formatAgo(new Date(at), now)).toBe(words);
  });
});
