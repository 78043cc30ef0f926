import { describe, expect, it } from "vitest";
import { currentNflWeek, nflWeek1Start, nflWeekRange } from "./nfl-weeks";

describe("NFL weeks", () => {
  it.each([
    [2025, "2025-09-04"],
    [2026, "2026-09-10"],
    [2024, "2024-09-05"],
    [2023, "2023-09-07"],
  ])("season %s starts on Thursday %s", (year, start) => {
    expect(nflWeek1Start(year)).toBe(start);
    expect(new Date(`${start}T12:00:00Z`).getUTCDay()).toBe(4);
  });

  it("makes every week seven days long, back to back", () => {
    expect(nflWeekRange(2025, 1)).toMatchObject({ start: "2025-09-04", end: "2025-09-10" });
    expect(nflWeekRange(2025, 2).start).toBe("2025-09-11");
    expect(nflWeekRange(2025, 22).days).toHaveLength(7);
  });

  it("refuses weeks outside 1 to 22", () => {
    expect(() => nflWeekRange(2025, 0)).toThrow();
    expect(() => nflWeekRange(2025, 23)).toThrow();
  });

  it.each([
    ["2026-11-26", 2026, 12],
    ["2026-11-29", 2026, 12],
    ["2026-12-01", 2026, 13],
    ["2026-12-03", 2026, 13],
    ["2026-09-10", 2026, 1],
    ["2026-06-15", 2026, 1],
    ["2027-01-03", 2026, 17],
    ["2027-02-07", 2026, 18],
    ["2025-09-07", 2025, 1],
  ])("on %s Fetch Events starts at season %s week %s", (today, season, week) => {
    expect(currentNflWeek(today)).toEqual({ season, week });
  });
});
