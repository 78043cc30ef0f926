import { describe, expect, it } from "vitest";
import { mapEspnStatus } from "./game";

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
