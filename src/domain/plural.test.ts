import { describe, expect, it } from "vitest";
import { countOf } from "./plural";

describe("countOf", () => {
  it.each([
    [0, "pack", undefined, "0 packs"],
    [1, "pack", undefined, "1 pack"],
    [2, "pack", undefined, "2 packs"],
    [1204, "player", undefined, "1,204 players"],
    [1, "series", "series", "1 series"],
    [3, "of them is", "of them are", "3 of them are"],
  ])("says %i %s as a person would", (n, one, many, words) => {
    expect(countOf(n, one, many)).toBe(words);
  });
});
