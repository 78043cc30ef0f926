import { describe, expect, it } from "vitest";
import { hasPackClosed, isAcceptingTakes, isPropOpen, packPhase, packStatusChip } from "./pack-state";

const now = new Date("2025-10-12T16:00:00Z");
const past = new Date("2025-10-12T15:00:00Z");
const future = new Date("2025-10-12T17:00:00Z");

describe("a pack accepting takes", () => {
  it.each([
    ["open, before close", { status: "open", openTime: past, closeTime: future }, true],
    ["coming soon whose open time has come", { status: "coming-soon", openTime: past, closeTime: future }, true],
    ["coming soon without an open time", { status: "coming-soon", openTime: null, closeTime: future }, true],
    ["open with the open time still ahead", { status: "open", openTime: future, closeTime: null }, false],
    ["open at exactly its close time", { status: "open", openTime: null, closeTime: now }, false],
    ["open past its close time", { status: "open", openTime: null, closeTime: past }, false],
    ["draft", { status: "draft", openTime: null, closeTime: future }, false],
    ["live", { status: "live", openTime: null, closeTime: future }, false],
    ["graded", { status: "graded", openTime: null, closeTime: null }, false],
    ["archived", { status: "archived", openTime: null, closeTime: future }, false],
  ])("%s → %s", (_name, pack, expected) => {
    expect(isAcceptingTakes(pack, now)).toBe(expected);
  });
});

describe("a prop accepting picks", () => {
  it("is open until its own close time, even when the pack stays open", () => {
    expect(isPropOpen({ status: "open", closeTime: future }, now)).toBe(true);
    expect(isPropOpen({ status: "open", closeTime: now }, now)).toBe(false);
    expect(isPropOpen({ status: "open", closeTime: null }, now)).toBe(true);
  });

  it("is closed once closed or graded", () => {
    for (const status of ["closed", "gradedA", "gradedB", "push", "void"]) {
      expect(isPropOpen({ status, closeTime: null }, now)).toBe(false);
    }
  });
});

describe("pack privacy", () => {
  it("keeps takes private before close and public after close, live or graded", () => {
    expect(hasPackClosed({ status: "open", openTime: null, closeTime: future }, now)).toBe(false);
    expect(hasPackClosed({ status: "open", openTime: null, closeTime: past }, now)).toBe(true);
    expect(hasPackClosed({ status: "live", openTime: null, closeTime: future }, now)).toBe(true);
    expect(hasPackClosed({ status: "graded", openTime: null, closeTime: null }, now)).toBe(true);
  });
});

describe("the status chip", () => {
  it.each([
    [{ status: "open", openTime: null, closeTime: future }, "Active"],
    [{ status: "coming-soon", openTime: future, closeTime: null }, "Coming soon"],
    [{ status: "open", openTime: null, closeTime: past, firstEventStart: future }, "Closed"],
    [{ status: "open", openTime: null, closeTime: past, firstEventStart: past }, "Live"],
    [{ status: "live", openTime: null, closeTime: past }, "Live"],
    [{ status: "live", openTime: null, closeTime: past, allEventsFinal: true }, "Pending Grade"],
    [{ status: "open", openTime: null, closeTime: past, allEventsFinal: true }, "Pending Grade"],
    [{ status: "graded", openTime: null, closeTime: past }, "Graded"],
  ])("%o reads %s", (pack, chip) => {
    expect(packStatusChip(pack, now)).toBe(chip);
  });

  it("gives pages a phase: open, coming soon or closed", () => {
    expect(packPhase({ status: "open", openTime: null, closeTime: future }, now)).toBe("open");
    expect(packPhase({ status: "coming-soon", openTime: future, closeTime: null }, now)).toBe("coming-soon");
    expect(packPhase({ status: "graded", openTime: null, closeTime: null }, now)).toBe("closed");
  });
});
