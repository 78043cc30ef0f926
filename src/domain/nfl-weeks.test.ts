import { describe, expect, it } from "vitest";
import { nflWeek1Start, nflWeekRange } from "./nfl-weeks";

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
});
