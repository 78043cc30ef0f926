import { describe, expect, it } from "vitest";
import { nflCalendarWeeks } from "./calendar";

describe("nflCalendarWeeks", () => {
  it("reads ESPN's Pacific-midnight week bounds as calendar days, across DST", () => {
    const weeks = nflCalendarWeeks([
      {
        label: "Regular Season",
        value: "2",
        entries: [
          { label: "Week 1", value: "1", startDate: "2025-09-04T07:00Z", endDate: "2025-09-11T06:59Z" },
          { label: "Week 9", value: "9", startDate: "2025-10-30T07:00Z", endDate: "2025-11-06T07:59Z" },
          { label: "Week 10", value: "10", startDate: "2025-11-06T08:00Z", endDate: "2025-11-13T07:59Z" },
        ],
      },
    ]);
    expect(weeks.map((w) => [w.week, w.start, w.end])).toEqual([
      [1, "2025-09-04", "2025-09-10"],
      [9, "2025-10-30", "2025-11-05"],
      [10, "2025-11-06", "2025-11-12"],
    ]);
  });

  it("drops impossible entries and ignores MLB's list of date strings", () => {
    const weeks = nflCalendarWeeks([
      "2025-03-18T07:00Z",
      {
        value: 2,
        entries: [
          { value: "17", startDate: "2025-12-25T08:00Z", endDate: "2027-01-01T07:59Z" },
          { value: "18", startDate: "not a date", endDate: "2026-01-08T07:59Z" },
          { value: "x", startDate: "2026-01-01T08:00Z", endDate: "2026-01-08T07:59Z" },
        ],
      },
    ]);
    expect(weeks).toEqual([]);
  });
});
