import { describe, expect, it } from "vitest";
import { cumulativePointsSeries } from "./points-series";

describe("cumulativePointsSeries", () => {
  it("carries the total across days without graded takes and starts from what came before the window", () => {
    const series = cumulativePointsSeries({
      daily: [
        { day: "2025-09-01", points: 100 },
        { day: "2025-10-10", points: 375 },
        { day: "2025-10-12", points: 227 },
        { day: "2025-10-12", points: 100 },
      ],
      endDay: "2025-10-13",
      days: 4,
    });
    expect(series).toEqual([
      { day: "2025-10-10", total: 475 },
      { day: "2025-10-11", total: 475 },
      { day: "2025-10-12", total: 802 },
      { day: "2025-10-13", total: 802 },
    ]);
  });

  it("is flat at zero for a player with no graded takes", () => {
    expect(cumulativePointsSeries({ daily: [], endDay: "2025-10-13", days: 2 })).toEqual([
      { day: "2025-10-12", total: 0 },
      { day: "2025-10-13", total: 0 },
    ]);
  });
});
