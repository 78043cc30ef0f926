import { describe, expect, it } from "vitest";
import { effectiveContestStatus, slugifyContestTitle, type ContestClock } from "./contest-status";

const now = new Date("2025-11-20T18:00:00Z");
const hour = 3_600_000;
const contest = (overrides: Partial<ContestClock> = {}): ContestClock => ({
  status: "coming-up",
  startsAt: new Date(now.getTime() - hour),
  endsAt: new Date(now.getTime() + hour),
  packCount: 2,
  gradedPackCount: 0,
  ...overrides,
});

describe("effective contest status", () => {
  it("is coming up before its start", () => {
    expect(effectiveContestStatus(contest({ startsAt: new Date(now.getTime() + hour) }), now)).toBe("coming-up");
  });
  it("opens at its start and closes at its end", () => {
    expect(effectiveContestStatus(contest(), now)).toBe("open");
    expect(effectiveContestStatus(contest({ endsAt: now }), now)).toBe("closed");
  });
  it("is open without dates", () => {
    expect(effectiveContestStatus(contest({ startsAt: null, endsAt: null }), now)).toBe("open");
  });
  it("becomes graded once every pack is graded, not before", () => {
    expect(effectiveContestStatus(contest({ gradedPackCount: 1 }), now)).toBe("open");
    expect(effectiveContestStatus(contest({ gradedPackCount: 2 }), now)).toBe("graded");
  });
  it("a contest without packs is never graded", () => {
    expect(effectiveContestStatus(contest({ packCount: 0, endsAt: now }), now)).toBe("closed");
  });
  it("an admin can move it forward but the clock never moves it back", () => {
    expect(effectiveContestStatus(contest({ status: "closed" }), now)).toBe("closed");
    expect(effectiveContestStatus(contest({ status: "open", startsAt: new Date(now.getTime() + hour) }), now)).toBe("open");
  });
  it("a draft stays a draft whatever the clock says", () => {
    expect(effectiveContestStatus(contest({ status: "draft", gradedPackCount: 2 }), now)).toBe("draft");
  });
});

describe("contest slugs", () => {
  it("are lower case with dashes", () => {
    expect(slugifyContestTitle("Week 12 Showdown!")).toBe("week-12-showdown");
    expect(slugifyContestTitle("  Élite   Playoffs — 2025 ")).toBe("elite-playoffs-2025");
  });
  it("fall back to a word when the title has no letters or digits", () => {
    expect(slugifyContestTitle("!!!")).toBe("contest");
  });
});
