import { describe, expect, it } from "vitest";
import { formatRecord, formatWinPercent, packStatusByClock, propStatusByClock, recordOf, takePayout } from "./grading";
import { sideValue } from "./points";

describe("takePayout: what a graded take earns from its locked side value", () => {
  it.each([
    { moneyline: 150, status: "gradedA", side: "A", result: "won", points: 375, tokensCents: 1875 },
    { moneyline: -110, status: "gradedA", side: "A", result: "won", points: 227, tokensCents: 1135 },
    { moneyline: -150, status: "gradedB", side: "B", result: "won", points: 167, tokensCents: 835 },
    { moneyline: null, status: "gradedB", side: "B", result: "won", points: 250, tokensCents: 1250 },
    { moneyline: 150, status: "gradedB", side: "A", result: "lost", points: 0, tokensCents: 0 },
    { moneyline: 150, status: "push", side: "A", result: "push", points: 100, tokensCents: 500 },
    { moneyline: -110, status: "push", side: "B", result: "push", points: 100, tokensCents: 500 },
    { moneyline: 150, status: "void", side: "A", result: "void", points: 0, tokensCents: 0 },
    { moneyline: 150, status: "closed", side: "A", result: "pending", points: 0, tokensCents: 0 },
    { moneyline: 150, status: "open", side: "B", result: "pending", points: 0, tokensCents: 0 },
  ] as const)("$moneyline on side $side under $status → $result, $points points, $tokensCents cents", (row) => {
    expect(takePayout(row.status, row.side, sideValue(row.moneyline))).toEqual({
      result: row.result,
      points: row.points,
      tokensCents: row.tokensCents,
    });
  });
});

describe("records", () => {
  it("count won, lost and pushed takes; void and pending count in no record", () => {
    const record = recordOf(["won", "lost", "won", "push", "void", "pending", "won"]);
    expect(record).toEqual({ won: 3, lost: 1, pushed: 1 });
    expect(formatRecord(record)).toBe("3-1-1");
  });

  it("show the winning share of decided takes as a percentage, or a dash with none decided", () => {
    expect(formatWinPercent(2, 1)).toBe("66.7%");
    expect(formatWinPercent(0, 0)).toBe("—");
    expect(formatWinPercent(5, 0)).toBe("100.0%");
  });
});

describe("statuses after an un-grade", () => {
  const at = (iso: string) => new Date(iso);

  it("a pack returns to what its clock says", () => {
    const pack = { openTime: at("2025-10-10T12:00:00Z"), closeTime: at("2025-10-12T17:00:00Z") };
    expect(packStatusByClock(pack, at("2025-10-09T00:00:00Z"))).toBe("coming-soon");
    expect(packStatusByClock(pack, at("2025-10-11T00:00:00Z"))).toBe("open");
    expect(packStatusByClock(pack, at("2025-10-12T17:00:00Z"))).toBe("live");
  });

  it("a prop is closed once its own or its pack's close time has passed", () => {
    const now = at("2025-10-12T18:00:00Z");
    expect(propStatusByClock({ closeTime: null }, { closeTime: at("2025-10-13T00:00:00Z") }, now)).toBe("open");
    expect(propStatusByClock({ closeTime: at("2025-10-12T17:00:00Z") }, { closeTime: at("2025-10-13T00:00:00Z") }, now)).toBe("closed");
    expect(propStatusByClock({ closeTime: null }, { closeTime: at("2025-10-12T17:00:00Z") }, now)).toBe("closed");
  });
});
