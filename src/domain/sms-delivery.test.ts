import { describe, expect, it } from "vitest";
import { DELIVERY_RANK, deliveredShare, deliveryStatusOf, isPermanentFailure, maskedPhone, smsSegments } from "./sms-delivery";

describe("what the carrier says of a text", () => {
  it("reads Twilio's statuses as the ledger keeps them, and ignores the ones it does not", () => {
    expect(
      ["accepted", "scheduled", "queued", "sending", "sent", "delivered", "read", "undelivered", "failed", "canceled"].map(
        deliveryStatusOf,
      ),
    ).toEqual(["queued", "queued", "queued", "sending", "sent", "delivered", "delivered", "undelivered", "failed", "failed"]);
    expect(deliveryStatusOf("received")).toBeNull();
    expect(deliveryStatusOf("")).toBeNull();
  });

  it("ranks every end above sent, and sent above queued", () => {
    expect(DELIVERY_RANK.queued).toBeLessThan(DELIVERY_RANK.sending);
    expect(DELIVERY_RANK.sending).toBeLessThan(DELIVERY_RANK.sent);
    for (const end of ["delivered", "undelivered", "failed"] as const) expect(DELIVERY_RANK[end]).toBeGreaterThan(DELIVERY_RANK.sent);
  });

  it("stops texting a landline, an unknown or blocked number, but not a phone that was off", () => {
    expect(isPermanentFailure("undelivered", 30006)).toBe(true);
    expect(isPermanentFailure("failed", 30005)).toBe(true);
    expect(isPermanentFailure("failed", 21211)).toBe(true);
    expect(isPermanentFailure("undelivered", 30003)).toBe(false);
    expect(isPermanentFailure("undelivered", 30007)).toBe(false);
    expect(isPermanentFailure("sent", 30006)).toBe(false);
    expect(isPermanentFailure("failed", null)).toBe(false);
  });

  it("shows a number by its last four digits only", () => {
    expect(maskedPhone("+15555550123")).toBe("(•••) •••-0123");
  });

  it("gives the delivered share of the texts with a final word, and none without one", () => {
    expect(deliveredShare({ delivered: 3, undelivered: 1, failed: 0 })).toBe(0.75);
    expect(deliveredShare({ delivered: 0, undelivered: 0, failed: 0 })).toBeNull();
  });
});

describe("segments a carrier bills", () => {
  it("fits 160 plain characters in one segment and splits longer text at 153", () => {
    expect(smsSegments("a".repeat(160))).toBe(1);
    expect(smsSegments("a".repeat(161))).toBe(2);
    expect(smsSegments("a".repeat(306))).toBe(2);
    expect(smsSegments("a".repeat(307))).toBe(3);
  });

  it("counts the GSM extension characters twice", () => {
    expect(smsSegments("€".repeat(80))).toBe(1);
    expect(smsSegments("€".repeat(81))).toBe(2);
  });

  it("falls back to 70 characters a segment for text outside GSM-7 (an arrow, an emoji)", () => {
    expect(smsSegments(`${"a".repeat(69)}→`)).toBe(1);
    expect(smsSegments(`${"a".repeat(70)}→`)).toBe(2);
    // An emoji is two UTF-16 units: 35 fill one segment, 36 need two.
    expect(smsSegments("🏈".repeat(35))).toBe(1);
    expect(smsSegments("🏈".repeat(36))).toBe(2);
  });
});
