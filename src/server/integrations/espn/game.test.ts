import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { mapEspnStatus, mapLiveState } from "./game";
import { parseEspnScoreboard } from "./parse-scoreboard";

// Status objects as ESPN sends them (fixtures/espn/README.md).
const status = (name: string, state: string, completed: boolean, period = 0) => ({ period, type: { name, state, completed } });

describe("mapEspnStatus", () => {
  it.each([
    [status("STATUS_SCHEDULED", "pre", false), "scheduled"],
    [status("STATUS_IN_PROGRESS", "in", false, 2), "in_progress"],
    [status("STATUS_RAIN_DELAY", "in", false, 5), "in_progress"],
    // Delayed before the first pitch or kickoff: not under way, so no "Live 0-0" (issue 24).
    [status("STATUS_RAIN_DELAY", "in", false, 0), "scheduled"],
    [status("STATUS_DELAYED", "in", false), "scheduled"],
    [status("STATUS_FINAL", "post", true, 9), "final"],
    [status("STATUS_FINAL", "post", true, 10), "final"],
    [status("STATUS_POSTPONED", "post", false), "postponed"],
    [status("STATUS_SUSPENDED", "post", false, 7), "suspended"],
    [status("STATUS_CANCELED", "post", false), "cancelled"],
    [status("STATUS_SOMETHING_NEW", "post", false), "postponed"],
    [status("STATUS_SOMETHING_NEW", "post", false, 6), "suspended"],
  ])("%j → %s", (input, expected) => {
    expect(mapEspnStatus(input)).toBe(expected);
  });

  it("never calls a game final because its state is post", () => {
    expect(mapEspnStatus(status("STATUS_POSTPONED", "post", false))).not.toBe("final");
    expect(mapEspnStatus(undefined)).toBe("scheduled");
  });
});

describe("mapLiveState (docs/decisions/053-game-day-live.md)", () => {
  it.each([
    [status("STATUS_SCHEDULED", "pre", false), "scheduled"],
    [status("STATUS_IN_PROGRESS", "in", false, 2), "in_progress"],
    [status("STATUS_END_PERIOD", "in", false, 1), "in_progress"],
    [status("STATUS_HALFTIME", "in", false, 2), "halftime"],
    [status("STATUS_RAIN_DELAY", "in", false, 5), "delayed"],
    [status("STATUS_WEATHER_DELAY", "in", false, 3), "delayed"],
    // Before the first pitch: grading keeps it scheduled, a fan reads "Delayed".
    [status("STATUS_RAIN_DELAY", "in", false, 0), "delayed"],
    [status("STATUS_DELAYED", "in", false), "delayed"],
    [status("STATUS_FINAL", "post", true, 9), "final"],
    [status("STATUS_POSTPONED", "post", false), "postponed"],
    [status("STATUS_SUSPENDED", "post", false, 7), "suspended"],
    [status("STATUS_CANCELED", "post", false), "cancelled"],
  ])("%j → %s", (input, expected) => {
    expect(mapLiveState(input)).toBe(expected);
  });

  it("leaves grading's reading of a delay before the start as it was", () => {
    const rainBeforeFirstPitch = status("STATUS_RAIN_DELAY", "in", false, 0);
    expect(mapEspnStatus(rainBeforeFirstPitch)).toBe("scheduled");
    expect(mapLiveState(rainBeforeFirstPitch)).toBe("delayed");
    expect(mapLiveState(undefined)).toBe("scheduled");
  });
});

describe("the scoreboard's live reading of each game, on the recorded scoreboards", () => {
  const board = (name: string) =>
    JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../../../fixtures/espn", name), "utf8")) as unknown;
  const mlb = parseEspnScoreboard(board("scoreboard-mlb-20250604.json"), "mlb").games;
  const nfl = parseEspnScoreboard(board("scoreboard-nfl-20241215.json"), "nfl").games;
  const game = (games: typeof mlb, id: string) => games.find((entry) => entry.espnEventId === id)!;

  it("reads an inning in progress as its period and short words, with no clock in baseball", () => {
    expect(game(mlb, "401695826")).toMatchObject({
      liveState: "in_progress",
      period: 5,
      clock: null,
      shortDetail: "Top 5th",
      statusDetail: "Top 5th",
    });
    expect(game(mlb, "401695828")).toMatchObject({
      liveState: "in_progress",
      period: 5,
      clock: null,
      shortDetail: "Bot 5th",
      statusDetail: "Bottom 5th",
    });
  });

  it("reads finals and the postponed game as grading does", () => {
    expect(game(mlb, "401695821")).toMatchObject({ liveState: "final", status: "final", period: 9, shortDetail: "Final" });
    expect(game(mlb, "401695827")).toMatchObject({ liveState: "postponed", status: "postponed", shortDetail: "Postponed" });
    expect(game(nfl, "401671796")).toMatchObject({ liveState: "final", period: 4, clock: null, shortDetail: "Final" });
  });

  it("keeps football's clock while the game is on, and reads its halftime", () => {
    const raw = board("scoreboard-nfl-20241215.json") as { events: Array<{ id: string; competitions: Array<{ status: unknown }> }> };
    const event = raw.events.find((entry) => entry.id === "401671796")!;
    event.competitions[0]!.status = {
      period: 3,
      displayClock: "4:12",
      type: { name: "STATUS_IN_PROGRESS", state: "in", completed: false, detail: "4:12 - 3rd Quarter", shortDetail: "4:12 - 3rd" },
    };
    const live = game(parseEspnScoreboard(raw, "nfl").games, "401671796");
    expect(live).toMatchObject({
      liveState: "in_progress",
      status: "in_progress",
      period: 3,
      clock: "4:12",
      shortDetail: "4:12 - 3rd",
      home: { score: 13 },
      away: { score: 30 },
    });
    event.competitions[0]!.status = {
      period: 2,
      displayClock: "0:00",
      type: { name: "STATUS_HALFTIME", state: "in", completed: false, detail: "Halftime", shortDetail: "Halftime" },
    };
    expect(game(parseEspnScoreboard(raw, "nfl").games, "401671796")).toMatchObject({
      liveState: "halftime",
      status: "in_progress",
      period: 2,
      clock: null,
      shortDetail: "Halftime",
    });
  });
});
