import { describe, expect, it } from "vitest";
import { buildPicksPrompt, offlinePick, OFFLINE_PICK_RULE, parseAiPicks } from "./ai-player";
import { sideValue } from "./points";

const prop = (a: number | null, b: number | null) => ({ sideAValue: sideValue(a), sideBValue: sideValue(b) });

describe("the offline writer's pick", () => {
  it.each([
    ["the favourite on side A", prop(-150, 130), "A"],
    ["the favourite on side B", prop(140, -160), "B"],
    ["a heavy favourite on side B", prop(400, -500), "B"],
    ["even prices: side A", prop(-110, -110), "A"],
    ["no prices at all: side A", prop(null, null), "A"],
    ["a price on one side only, the other unpriced", prop(-200, null), "A"],
  ] as const)("takes %s", (_, values, side) => {
    expect(offlinePick(values)).toBe(side);
  });

  it("is stated in words the how-it-works page can quote", () => {
    expect(OFFLINE_PICK_RULE).toMatch(/side the price favours/);
    expect(OFFLINE_PICK_RULE).toMatch(/side A when/);
  });
});

describe("reading an AI server's picks", () => {
  const ids = ["p1", "p2"];

  it("accepts exactly one side for every prop asked about", () => {
    expect(parseAiPicks('{"picks": {"p1": "A", "p2": "B"}}', ids)).toEqual(
      new Map([
        ["p1", "A"],
        ["p2", "B"],
      ]),
    );
  });

  it("accepts the JSON inside a code fence", () => {
    expect(parseAiPicks('```json\n{"picks": {"p1": "B", "p2": "B"}}\n```', ids)?.get("p1")).toBe("B");
  });

  it.each([
    ["prose", "I'd take the home team."],
    ["a prop missing", '{"picks": {"p1": "A"}}'],
    ["a prop nobody asked about", '{"picks": {"p1": "A", "p2": "B", "p3": "A"}}'],
    ["a side that is not A or B", '{"picks": {"p1": "a", "p2": "Home"}}'],
    ["extra fields", '{"picks": {"p1": "A", "p2": "B"}, "note": "x"}'],
    ["a list instead of an object", '{"picks": ["A", "B"]}'],
    ["null", "null"],
  ])("refuses %s (the caller falls back to the offline rule)", (_, text) => {
    expect(parseAiPicks(text, ids)).toBeNull();
  });

  it("asks for every prop by id with both sides and their points", () => {
    const prompt = buildPicksPrompt("Week 1", [
      { id: "p1", title: "Who wins?", sideATake: "Home", sideBTake: "Away", sideAValue: 167, sideBValue: 375 },
    ]);
    expect(prompt).toContain("p1: Who wins? A = Home (167 points); B = Away (375 points)");
    expect(prompt).toContain('{"picks"');
  });
});
