import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

const origin = "https://takes.example";

describe("safeRedirectPath", () => {
  it.each([
    ["/packs", "/packs"],
    ["/packs/week-1?ref=fan#top", "/packs/week-1?ref=fan#top"],
    ["https://takes.example/leaderboard?x=1", "/leaderboard?x=1"],
    [undefined, "/"],
    ["", "/"],
    ["//evil.example/steal", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example/packs", "/"],
    ["javascript:alert(1)", "/"],
    ["packs", "/"],
  ])("after sign-in %s leads to %s", (target, expected) => {
    expect(safeRedirectPath(target, origin)).toBe(expected);
  });
});
