import { describe, expect, it } from "vitest";
import { sideValue } from "./points";
import { closingPrice, espnOddsSource, formatMoneyline, hasLocked, lockTime, lockedMoneyline, priceChart, takePrices } from "./prices";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 29, 18, minute));
const price = (a: number | null, b: number | null, minute: number) => ({ sideAMoneyline: a, sideBMoneyline: b, recordedAt: at(minute) });
const history = [price(120, -140, 0), price(150, -170, 10), price(135, -155, 20), price(110, -130, 40)];
const open = { status: "open", closeTime: at(30), sideAMoneyline: 110, sideBMoneyline: -130 };

describe("the closing price", () => {
  it("locks at the earlier of the prop's and the pack's close times", () => {
    expect(lockTime({ closeTime: at(30) }, { closeTime: at(25) })).toEqual(at(25));
    expect(lockTime({ closeTime: null }, { closeTime: at(25) })).toEqual(at(25));
    expect(lockTime({ closeTime: null }, { closeTime: null })).toBeNull();
    expect(hasLocked(open, { closeTime: null }, at(29))).toBe(false);
    expect(hasLocked(open, { closeTime: null }, at(30))).toBe(true);
    expect(hasLocked({ ...open, status: "closed" }, { closeTime: null }, at(1))).toBe(true);
  });

  it("is the last price recorded at or before the lock, not one written after it", () => {
    expect(closingPrice({ prop: open, pack: { closeTime: null }, history, now: at(50) })).toEqual({
      sideAMoneyline: 135,
      sideBMoneyline: -155,
    });
    expect(closingPrice({ prop: open, pack: { closeTime: at(20) }, history, now: at(50) })).toEqual({
      sideAMoneyline: 135,
      sideBMoneyline: -155,
    });
    expect(closingPrice({ prop: open, pack: { closeTime: null }, history, now: at(29) })).toBeNull();
  });

  it("is the last recorded price for a prop closed by hand before its lock time, and its current price without a history", () => {
    const byHand = { ...open, status: "closed" };
    expect(closingPrice({ prop: byHand, pack: { closeTime: null }, history, now: at(25) })).toEqual({
      sideAMoneyline: 110,
      sideBMoneyline: -130,
    });
    expect(closingPrice({ prop: open, pack: { closeTime: null }, history: [], now: at(50) })).toEqual({
      sideAMoneyline: 110,
      sideBMoneyline: -130,
    });
  });
});

describe("a take's prices", () => {
  it("finds the moneyline a take locked by its value, nearest the take", () => {
    expect(lockedMoneyline({ side: "A", lockedValue: sideValue(150), createdAt: at(12) }, history)).toEqual({ moneyline: 150 });
    // A take that waited on the refresh's row lock was stamped before the price it got.
    expect(lockedMoneyline({ side: "B", lockedValue: sideValue(-155), createdAt: at(19) }, history)).toEqual({ moneyline: -155 });
    expect(lockedMoneyline({ side: "A", lockedValue: 999, createdAt: at(19) }, history)).toBeNull();
  });

  it("beats the close only with more points than the side's closing value", () => {
    const prices = (side: "A" | "B", moneyline: number, minute: number) =>
      takePrices({
        take: { side, lockedValue: sideValue(moneyline), createdAt: at(minute) },
        prop: open,
        pack: { closeTime: null },
        history,
        now: at(50),
      });
    expect(prices("A", 150, 12)).toMatchObject({ beatTheClose: true, closing: { moneyline: 135, value: 338 }, now: null });
    expect(prices("A", 135, 21)).toMatchObject({ beatTheClose: false });
    expect(prices("A", 120, 1)).toMatchObject({ beatTheClose: false, locked: { moneyline: 120, value: 300, known: true } });
    expect(prices("B", -140, 1)).toMatchObject({ beatTheClose: true });
    const whileOpen = takePrices({
      take: { side: "A", lockedValue: 300, createdAt: at(1) },
      prop: open,
      pack: { closeTime: null },
      history,
      now: at(29),
    });
    expect(whileOpen).toMatchObject({ now: { moneyline: 110, value: 275 }, closing: null, beatTheClose: false });
  });
});

describe("the price chart", () => {
  it("needs two prices and says how each side moved since open", () => {
    expect(priceChart(history.slice(0, 1), { A: "Eagles", B: "Giants" })).toBeNull();
    const chart = priceChart([price(-150, 130, 0), price(-120, 130, 5)], { A: "Eagles", B: "Giants" })!;
    expect(chart.summary).toBe("Eagles price moved from \u2212150 to \u2212120 since open; Giants price held at +130 since open.");
    expect(chart.paths.A.startsWith("M")).toBe(true);
    expect(chart.paths.B.split("L")).toHaveLength(2);
  });

  it("writes moneylines with a true minus sign and Even for no price", () => {
    expect([formatMoneyline(-155), formatMoneyline(135), formatMoneyline(null)]).toEqual(["\u2212155", "+135", "Even"]);
  });
});

describe("the ESPN odds source", () => {
  it("is a who-wins prop on a game; anything else says why not", () => {
    expect(espnOddsSource({ eventId: "e", gradingRule: "who_wins", gradingParams: { homeSide: "B" } })).toEqual({
      eventId: "e",
      homeSide: "B",
    });
    expect(espnOddsSource({ eventId: null, gradingRule: "who_wins", gradingParams: { homeSide: "B" } })).toHaveProperty("reason");
    expect(espnOddsSource({ eventId: "e", gradingRule: "spread", gradingParams: {} })).toHaveProperty("reason");
  });
});
