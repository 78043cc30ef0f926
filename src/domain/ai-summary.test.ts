import { describe, expect, it } from "vitest";
import { countWords, limitWords } from "./ai-summary";

const words = (n: number, stem = "word") => Array.from({ length: n }, (_, i) => `${stem}${i}`).join(" ");

describe("an AI preview kept within its word limit", () => {
  it("is left as it is when it fits", () => {
    expect(limitWords("  The Phillies host the Mets.  ", 10)).toBe("The Phillies host the Mets.");
  });

  it("keeps the whole sentences that fit and drops the rest, never stopping mid-sentence", () => {
    const text = "The Phillies host the Mets tonight. Wheeler takes the ball! Will the bullpen hold up after a long week of extra innings?";
    expect(limitWords(text, 10)).toBe("The Phillies host the Mets tonight. Wheeler takes the ball!");
    expect(limitWords(text, 9)).toBe("The Phillies host the Mets tonight.");
    expect(limitWords(`"Big night in Philly." ${words(20)}.`, 6)).toBe('"Big night in Philly."');
  });

  it("keeps a first sentence a little over the limit whole rather than cutting it", () => {
    const first = `${words(13)}.`;
    expect(limitWords(`${first} And more after it.`, 10)).toBe(first);
  });

  it("cuts a first sentence far over the limit at the limit and marks the cut with an ellipsis, not a full stop", () => {
    const cut = limitWords(`${words(40)}. Short one.`, 10);
    expect(cut).toBe(`${words(10)}…`);
    expect(countWords(cut)).toBe(10);
    expect(limitWords(`${words(30)},`, 12)).toBe(`${words(12)}…`);
  });

  it("in strict mode never goes over the limit, even by a sentence", () => {
    expect(countWords(limitWords(`${words(13)}.`, 10, { strict: true }))).toBe(10);
  });
});
