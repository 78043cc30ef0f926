import { describe, expect, it } from "vitest";
import { readingAge } from "./live-panel";

describe("readingAge", () => {
  const now = "2024-12-15T22:00:00.000Z";
  it.each([
    ["2024-12-15T22:00:00.000Z", "0 s ago"],
    ["2024-12-15T21:59:48.000Z", "12 s ago"],
    ["2024-12-15T21:57:00.000Z", "3 min ago"],
    ["2024-12-15T19:00:00.000Z", "3 h ago"],
    ["2024-12-12T22:00:00.000Z", "3 days ago"],
    // A clock a little ahead of ours is "now", never a negative age.
    ["2024-12-15T22:00:05.000Z", "0 s ago"],
  ])("reads %s as %s", (instant, words) => {
    expect(readingAge(instant, now)).toBe(words);
  });
});
