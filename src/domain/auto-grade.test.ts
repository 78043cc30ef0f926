import { describe, expect, it } from "vitest";
import { decideAutoGrade, type GameResult } from "./auto-grade";
import { SUSPENDED_GAME_VOID_AFTER_HOURS } from "./house-rules";

// GB 24 @ ATL 25, final (the recorded NFL summary).
const final: GameResult = {
  status: "final",
  completed: true,
  homeScore: 25,
  awayScore: 24,
  homeAbbreviation: "ATL",
  awayAbbreviation: "GB",
};

describe("decideAutoGrade", () => {
  it.each([
    ["who_wins", { homeSide: "A" }, "A"],
    ["who_wins", { homeSide: "B" }, "B"],
    ["total_over_under", { line: 48.5, overSide: "A" }, "A"],
    ["total_over_under", { line: 49.5, overSide: "A" }, "B"],
    ["total_over_under", { line: 49, overSide: "B" }, "push"],
    ["spread", { team: "home", line: -2.5, teamSide: "A" }, "B"],
    ["spread", { team: "home", line: -1, teamSide: "A" }, "push"],
    ["spread", { team: "away", line: 1.5, teamSide: "B" }, "B"],
    ["spread", { team: "away", line: -3, teamSide: "A" }, "B"],
  ])("%s %j on GB 24 @ ATL 25 grades %s", (rule, params, outcome) => {
    expect(decideAutoGrade(rule, params, final)).toEqual({ action: "grade", outcome, resultText: "GB 24 @ ATL 25" });
  });

  it("calls a tied game a push for who_wins", () => {
    expect(decideAutoGrade("who_wins", { homeSide: "A" }, { ...final, homeScore: 20, awayScore: 20 })).toMatchObject({
      outcome: "push",
    });
  });

  it("never grades before the game is final and completed", () => {
    for (const status of ["scheduled", "in_progress", "suspended"] as const) {
      expect(decideAutoGrade("who_wins", { homeSide: "A" }, { ...final, status, completed: false }).action).toBe("wait");
    }
    expect(decideAutoGrade("who_wins", { homeSide: "A" }, { ...final, completed: false }).action).toBe("wait");
    expect(decideAutoGrade("who_wins", { homeSide: "A" }, { ...final, homeScore: null }).action).toBe("wait");
  });

  it("voids a prop whose game was postponed or cancelled", () => {
    expect(decideAutoGrade("who_wins", { homeSide: "A" }, { ...final, status: "postponed", completed: false })).toEqual({
      action: "grade",
      outcome: "void",
      resultText: "Postponed",
    });
    expect(decideAutoGrade("spread", { team: "home", line: -3, teamSide: "A" }, { ...final, status: "cancelled" })).toMatchObject({
      outcome: "void",
      resultText: "Cancelled",
    });
  });

  it("voids a suspended game exactly when the written window since its scheduled start has passed, and waits before", () => {
    const suspended = { ...final, status: "suspended", completed: false } as const;
    const startTime = new Date("2025-06-06T23:10:00Z");
    const at = (hours: number) => ({ startTime, now: new Date(startTime.getTime() + hours * 3_600_000 - 1) });
    expect(decideAutoGrade("who_wins", { homeSide: "A" }, suspended, at(SUSPENDED_GAME_VOID_AFTER_HOURS))).toEqual({
      action: "wait",
      reason: "game is suspended (void at Jun 9, 2025, 7:10 PM ET if not final by then)",
    });
    expect(decideAutoGrade("who_wins", { homeSide: "A" }, suspended, { startTime, now: new Date("2025-06-09T23:10:00Z") })).toEqual({
      action: "grade",
      outcome: "void",
      resultText: `Suspended, not final within ${SUSPENDED_GAME_VOID_AFTER_HOURS} hours`,
    });
    // A final reported inside the window is graded on its score.
    expect(decideAutoGrade("who_wins", { homeSide: "A" }, final, at(30))).toMatchObject({ action: "grade", outcome: "A" });
  });

  it("refuses rules with missing or malformed parameters", () => {
    expect(decideAutoGrade("who_wins", {}, final).action).toBe("invalid");
    expect(decideAutoGrade("total_over_under", { line: 8.25, overSide: "A" }, final).action).toBe("invalid");
    expect(decideAutoGrade("moneyline", { homeSide: "A" }, final).action).toBe("invalid");
  });
});
