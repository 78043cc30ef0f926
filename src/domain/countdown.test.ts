import { describe, expect, it } from "vitest";
import { countdownParts, formatCountdown } from "./countdown";

const now = new Date("2025-10-12T12:00:00Z");
const after = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe("countdownParts", () => {
  it("splits the time left into whole days, hours, minutes and seconds", () => {
    expect(countdownParts(after(86_400 + 2 * 3600 + 3 * 60 + 4), now)).toEqual({
      days: 1,
      hours: 2,
      minutes: 3,
      seconds: 4,
      completed: false,
    });
  });

  it.each([0, -1, -86_400])("is completed when %s seconds remain", (seconds) => {
    expect(countdownParts(after(seconds), now).completed).toBe(true);
  });

  it("is completed when less than a second remains", () => {
    expect(countdownParts(new Date(now.getTime() + 400), now).completed).toBe(true);
  });
});

describe("formatCountdown", () => {
  const cases: Array<[string, number, { showSeconds?: boolean; alwaysShowSeconds?: boolean }, string | null]> = [
    ["a day or more hides seconds by default", 86_400 + 7_384, {}, "1d 2h 3m"],
    ["a day or more shows seconds with alwaysShowSeconds", 86_400 + 7_384, { alwaysShowSeconds: true }, "1d 2h 3m 4s"],
    ["a day or more ignores showSeconds", 86_400 + 7_384, { showSeconds: true }, "1d 2h 3m"],
    ["under a day shows seconds by default", 41 * 60 + 3, {}, "0h 41m 3s"],
    ["under a day without seconds", 41 * 60 + 3, { showSeconds: false }, "0h 41m"],
    [
      "under a day with alwaysShowSeconds overrides showSeconds=false",
      41 * 60 + 3,
      { showSeconds: false, alwaysShowSeconds: true },
      "0h 41m 3s",
    ],
    ["exactly one day counts as a day", 86_400, {}, "1d 0h 0m"],
    ["just under a day", 86_399, {}, "23h 59m 59s"],
    ["nothing once the target has passed", -5, {}, null],
  ];
  it.each(cases)("%s", (_name, seconds, options, expected) => {
    expect(formatCountdown(countdownParts(after(seconds), now), options)).toBe(expected);
  });
});
