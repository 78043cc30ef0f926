import { describe, expect, it } from "vitest";
import { parseTypedResult } from "./typed-game-result";

describe("a game's typed result", () => {
  it.each([
    ["24-17", { status: "final", awayScore: 24, homeScore: 17 }],
    [" 3–5 ", { status: "final", awayScore: 3, homeScore: 5 }],
    ["10 0", { status: "final", awayScore: 10, homeScore: 0 }],
    ["P", { status: "postponed" }],
    ["suspended", { status: "suspended" }],
    ["", null],
  ])("reads %j as the away score first", (text, result) => {
    expect(parseTypedResult(text)).toEqual({ ok: true, result });
  });

  it.each(["-3-4", "24", "a-b", "1000-1", "24-17-3"])("refuses %j and says how to type it", (text) => {
    expect(parseTypedResult(text)).toMatchObject({ ok: false, error: expect.stringMatching(/away–home/) });
  });
});
