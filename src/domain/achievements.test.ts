import { describe, expect, it } from "vitest";
import {
  BADGES,
  BADGE_IDS,
  bestPick,
  beatTheClose,
  earnedBadges,
  groupWeekWinners,
  isContrarianWin,
  streaksOf,
  worstBeat,
  type TakeFact,
} from "./achievements";
import type { TakeResult } from "./points";

const letter: Record<string, TakeResult> = { W: "won", L: "lost", P: "push", V: "void", "?": "pending" };

/** Takes from a string of results in lock order: "WWPL" is won, won, push, lost, a minute apart. */
function takesOf(results: string, overrides: Partial<TakeFact> = {}): TakeFact[] {
  return [...results].map((code, index) => ({
    takeId: `t${String(index).padStart(3, "0")}`,
    propId: `p${String(index).padStart(3, "0")}`,
    packId: "pack1",
    side: "A",
    result: letter[code]!,
    points: code === "W" ? 250 : code === "P" ? 100 : 0,
    lockedValue: 250,
    createdAt: new Date(Date.UTC(2026, 10, 1, 12, 0)),
    lockAt: new Date(Date.UTC(2026, 10, 1, 13, index)),
    gradedAt: code === "?" ? null : new Date(Date.UTC(2026, 10, 2, 12, index)),
    sideTakes: 5,
    propTakes: 10,
    closingMoneyline: null,
    ...overrides,
  }));
}

describe("streaks: won takes in a row, in lock order", () => {
  it.each([
    { results: "", current: 0, best: 0 },
    { results: "W", current: 1, best: 1 },
    { results: "WWL", current: 0, best: 2 },
    { results: "WWLW", current: 1, best: 2 },
    { results: "WPW", current: 2, best: 2, why: "a push neither breaks nor extends" },
    { results: "WVVW", current: 2, best: 2, why: "voids neither break nor extend" },
    { results: "W?W", current: 2, best: 2, why: "a pick waiting for its result is not counted yet" },
    { results: "LLL", current: 0, best: 0 },
    { results: "WWWLWW", current: 2, best: 3 },
    { results: "PPPP", current: 0, best: 0 },
  ])("$results → current $current, best $best", ({ results, current, best }) => {
    expect(streaksOf(takesOf(results))).toMatchObject({ current, best });
  });

  it("orders by the prop's lock time, then the prop id, whatever order the list comes in", () => {
    const takes = takesOf("WLW").reverse();
    expect(streaksOf(takes)).toMatchObject({ current: 1, best: 1 });
    const sameMoment = takesOf("LW", { lockAt: new Date(Date.UTC(2026, 10, 1)) });
    expect(streaksOf(sameMoment)).toMatchObject({ current: 1 });
    expect(streaksOf(sameMoment.map((t, i) => ({ ...t, propId: i === 0 ? "z" : "a" })))).toMatchObject({ current: 0 });
  });

  it("earns the 10-streak on the tenth win in a row, at the moment the last of the ten was graded", () => {
    expect(streaksOf(takesOf("WWWWWWWWW")).badge).toBeNull();
    const takes = takesOf("WWWWWPWWWWW");
    const { badge } = streaksOf(takes);
    expect(badge?.takeId).toBe("t010");
    expect(badge?.earnedAt).toEqual(takes[10]!.gradedAt);
    expect(streaksOf(takesOf("WWWWWLWWWWWWWWWW")).badge?.takeId).toBe("t015");
  });
});

describe("contrarian win: won on the side fewer than a quarter of the prop's takes chose", () => {
  it.each([
    { result: "won", sideTakes: 2, propTakes: 10, contrarian: true },
    { result: "won", sideTakes: 24, propTakes: 100, contrarian: true },
    { result: "won", sideTakes: 25, propTakes: 100, contrarian: false, why: "exactly a quarter is not fewer" },
    { result: "lost", sideTakes: 1, propTakes: 100, contrarian: false },
    { result: "won", sideTakes: 1, propTakes: 9, contrarian: false, why: "too few takes to call a crowd" },
  ] as const)("$result with $sideTakes of $propTakes → $contrarian", (row) => {
    expect(isContrarianWin(row)).toBe(row.contrarian);
  });
});

describe("beat the close: the receipt's rule, on a graded prop that was not voided", () => {
  it.each([
    { result: "won", lockedValue: 375, closingMoneyline: 135, beat: true },
    { result: "lost", lockedValue: 375, closingMoneyline: 135, beat: true },
    { result: "push", lockedValue: 375, closingMoneyline: 135, beat: true },
    { result: "void", lockedValue: 375, closingMoneyline: 135, beat: false },
    { result: "pending", lockedValue: 375, closingMoneyline: 135, beat: false },
    { result: "won", lockedValue: 338, closingMoneyline: 135, beat: false, why: "the same price is not better" },
    { result: "won", lockedValue: 300, closingMoneyline: null, beat: true, why: "no closing odds: even, 250" },
  ] as const)("$result locked at $lockedValue against a close of $closingMoneyline → $beat", (row) => {
    expect(beatTheClose(row)).toBe(row.beat);
  });
});

describe("perfect pack", () => {
  const props = new Map([["pack1", 4]]);
  it.each([
    { results: "WWWW", perfect: true },
    { results: "WWPV", perfect: true, why: "pushes and voids neither spoil it nor count" },
    { results: "WPPV", perfect: false, why: "one win is not enough" },
    { results: "WWWL", perfect: false },
    { results: "WWW?", perfect: false, why: "the pack is not graded yet" },
    { results: "WWW", perfect: false, why: "a prop left unpicked" },
  ])("$results → $perfect", ({ results, perfect }) => {
    const badge = earnedBadges(takesOf(results), props).find((b) => b.id === "perfect_pack");
    expect(badge !== undefined).toBe(perfect);
  });

  it("is earned when its last prop was graded, and counts every perfect pack", () => {
    const first = takesOf("WW");
    const second = takesOf("WW").map((t) => ({ ...t, takeId: `b${t.takeId}`, propId: `b${t.propId}`, packId: "pack2" }));
    const badge = earnedBadges(
      [...first, ...second],
      new Map([
        ["pack1", 2],
        ["pack2", 2],
      ]),
    ).find((b) => b.id === "perfect_pack");
    expect(badge).toMatchObject({ packId: "pack1", times: 2, earnedAt: first[1]!.gradedAt });
  });
});

describe("earned badges", () => {
  it("gives nothing to a player with no takes", () => {
    expect(earnedBadges([], new Map())).toEqual([]);
  });

  it("gives the first take at once, before any grade, and names the earliest take", () => {
    const takes = takesOf("??").map((t, i) => ({ ...t, createdAt: new Date(Date.UTC(2026, 10, 1, 12, 5 - i)) }));
    expect(earnedBadges(takes, new Map([["pack1", 5]]))).toEqual([
      { id: "first_take", earnedAt: takes[1]!.createdAt, times: 1, takeId: "t001", packId: "pack1" },
    ]);
  });

  it("lists badges in catalogue order, each catalogued with words and a way to earn it", () => {
    const takes = takesOf("WWWWWWWWWW", { sideTakes: 1, propTakes: 20, lockedValue: 300 });
    expect(earnedBadges(takes, new Map([["pack1", 10]])).map((b) => b.id)).toEqual([
      "first_take",
      "perfect_pack",
      "contrarian_win",
      "beat_the_close",
      "ten_streak",
    ]);
    expect(BADGES.map((b) => b.id)).toEqual([...BADGE_IDS]);
    for (const badge of BADGES) expect(badge.howToEarn.length).toBeGreaterThan(10);
  });
});

describe("the weekly recap's picks", () => {
  it("best pick is the biggest win, worst beat the lost take at the shortest odds", () => {
    const takes = takesOf("WWLL").map((t, i) => ({ ...t, points: [250, 375, 0, 0][i]!, lockedValue: [250, 375, 167, 227][i]! }));
    expect(bestPick(takes)?.takeId).toBe("t001");
    expect(worstBeat(takes)?.takeId).toBe("t002");
    expect(bestPick(takesOf("LP"))).toBeNull();
    expect(worstBeat(takesOf("WP"))).toBeNull();
  });
});

describe("group winner", () => {
  const row = (handle: string, points: number, won: number) => ({ profileId: handle, handle, points, won });
  it.each([
    { rows: [row("a", 500, 2), row("b", 300, 1), row("c", 0, 0)], winners: ["a"] },
    { rows: [row("a", 500, 2), row("b", 500, 2), row("c", 0, 0)], winners: ["a", "b"], why: "a tie at the top: both win" },
    { rows: [row("a", 500, 3), row("b", 500, 2), row("c", 0, 0)], winners: ["a"], why: "props won break a points tie" },
    { rows: [row("a", 500, 2), row("b", 300, 1)], winners: [], why: "too few players" },
    { rows: [row("a", 0, 0), row("b", 0, 0), row("c", 0, 0)], winners: [], why: "nobody scored" },
  ])("$winners", ({ rows, winners }) => {
    expect(groupWeekWinners(rows)).toEqual(winners);
  });
});
