import { describe, expect, it } from "vitest";
import { parseDrafts, withDraft } from "./pick-draft";

const NOW = Date.parse("2026-11-26T20:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

describe("the picks a browser keeps of a pack until they are submitted", () => {
  it("reads back what it stored", () => {
    const stored = JSON.stringify(
      withDraft(
        {},
        "pack-1",
        [
          ["prop-1", "A"],
          ["prop-2", "B"],
        ],
        NOW,
      ),
    );
    expect(parseDrafts(stored, NOW)).toEqual({ "pack-1": { at: NOW, picks: { "prop-1": "A", "prop-2": "B" } } });
  });

  it("reads anything else in its place as no draft: no entry, bad JSON, another shape, unknown sides", () => {
    for (const text of [
      null,
      "",
      "not json",
      "null",
      "[]",
      "42",
      '"text"',
      '{"pack-1":null}',
      '{"pack-1":[1,2]}',
      '{"pack-1":{"at":"soon","picks":{"p":"A"}}}',
    ]) {
      expect(parseDrafts(text, NOW), String(text)).toEqual({});
    }
    const mixed = JSON.stringify({ "pack-1": { at: NOW, picks: { good: "A", lower: "a", other: "C", number: 1, none: null } } });
    expect(parseDrafts(mixed, NOW)).toEqual({ "pack-1": { at: NOW, picks: { good: "A" } } });
  });

  it("forgets a draft left for two weeks", () => {
    const stored = JSON.stringify({ old: { at: NOW - 15 * DAY, picks: { p: "A" } }, recent: { at: NOW - DAY, picks: { p: "B" } } });
    expect(Object.keys(parseDrafts(stored, NOW))).toEqual(["recent"]);
  });

  it("drops a pack's draft once it has no picks left, keeping the other packs'", () => {
    const both = withDraft(withDraft({}, "pack-1", [["p1", "A"]], NOW), "pack-2", [["p2", "B"]], NOW + 1);
    expect(withDraft(both, "pack-1", [], NOW + 2)).toEqual({ "pack-2": { at: NOW + 1, picks: { p2: "B" } } });
    expect(withDraft(withDraft(both, "pack-1", [], NOW + 2), "pack-2", [], NOW + 3)).toEqual({});
  });

  it("keeps at most ten packs, the most recently changed, and fifty picks of one", () => {
    let drafts = {};
    for (let i = 0; i < 12; i++) drafts = withDraft(drafts, `pack-${i}`, [["p", "A"]], NOW + i);
    expect(Object.keys(drafts).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `pack-${i + 2}`).sort());
    const many = Array.from({ length: 80 }, (_, i): [string, "A"] => [`prop-${i}`, "A"]);
    expect(Object.keys(withDraft({}, "big", many, NOW).big!.picks)).toHaveLength(50);
    expect(Object.keys(parseDrafts(JSON.stringify({ big: { at: NOW, picks: Object.fromEntries(many) } }), NOW).big!.picks)).toHaveLength(
      50,
    );
  });
});
