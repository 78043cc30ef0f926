import { describe, expect, it } from "vitest";
import { shownCount } from "./show-more-packs";

describe("how many pack cards a paged list shows", () => {
  it("is one page without ?show=, and whole pages up to the cap when asked for more", () => {
    expect(shownCount(undefined, 12, 480)).toBe(12);
    expect(shownCount("24", 12, 480)).toBe(24);
    expect(shownCount("30", 12, 480)).toBe(24);
    expect(shownCount("100000", 12, 480)).toBe(480);
  });

  it("falls back to one page for anything that is not a count", () => {
    for (const show of ["", "0", "-24", "abc", "1e999", "Infinity", "5"]) expect(shownCount(show, 12, 480), show).toBe(12);
  });
});
