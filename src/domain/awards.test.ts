import { describe, expect, it } from "vitest";
import {
  adminCardStatusLabel,
  awardPreviewStatus,
  normalizeAwardCode,
  tokensToCents,
  unavailableMessage,
  type AwardCardWindow,
} from "./awards";
import { ZAwardCardInput } from "./award-card-form";

const now = new Date("2025-10-12T17:00:00Z");
const card = (overrides: Partial<AwardCardWindow> = {}): AwardCardWindow => ({
  status: "available",
  validFrom: null,
  validUntil: null,
  maxClaims: null,
  claimsCount: 0,
  ...overrides,
});
const hour = 3_600_000;

describe("awardPreviewStatus", () => {
  it.each([
    ["an open card without window or cap", card(), "available"],
    ["a disabled card", card({ status: "disabled" }), "disabled"],
    ["a card before its window opens", card({ validFrom: new Date(now.getTime() + hour) }), "expired"],
    ["a card whose window ended", card({ validUntil: new Date(now.getTime() - hour) }), "expired"],
    ["a card whose window ends exactly now", card({ validUntil: now }), "expired"],
    ["a card whose window starts exactly now", card({ validFrom: now }), "available"],
    [
      "a card inside its window",
      card({ validFrom: new Date(now.getTime() - hour), validUntil: new Date(now.getTime() + hour) }),
      "available",
    ],
    ["a card at its cap", card({ maxClaims: 3, claimsCount: 3 }), "exhausted"],
    ["a card one claim under its cap", card({ maxClaims: 3, claimsCount: 2 }), "available"],
    [
      "a disabled card that is also expired and full",
      card({ status: "disabled", validUntil: new Date(0), maxClaims: 1, claimsCount: 1 }),
      "disabled",
    ],
    ["an expired card at its cap", card({ validUntil: new Date(0), maxClaims: 1, claimsCount: 1 }), "expired"],
  ])("reads %s as %s", (_label, input, expected) => {
    expect(awardPreviewStatus(input, now)).toBe(expected);
  });
});

describe("a card's state in the admin's list", () => {
  it.each([
    ["an open card", card(), "Available"],
    ["a card past its end, still saved as available", card({ validUntil: new Date(now.getTime() - hour) }), "Expired"],
    ["a card whose window has not opened", card({ validFrom: new Date(now.getTime() + hour) }), "Not started"],
    ["a card at its cap", card({ maxClaims: 2, claimsCount: 2 }), "All claimed"],
    ["a disabled card past its end", card({ status: "disabled", validUntil: new Date(0) }), "Disabled"],
  ])("reads %s as %s", (_label, input, expected) => {
    expect(adminCardStatusLabel(input, now)).toBe(expected);
  });
});

describe("unavailableMessage", () => {
  it("tells a player an expired or used-up code for what it is, and anything else as not available", () => {
    expect(unavailableMessage("expired")).toBe("This code has expired.");
    expect(unavailableMessage("exhausted")).toBe("This code has been claimed as many times as it allows.");
    expect(unavailableMessage("disabled")).toBe("This code is not available to claim.");
  });
});

describe("normalizeAwardCode", () => {
  it("trims spaces and keeps the code's own case", () => {
    expect(normalizeAwardCode("  EaglesFan ")).toBe("EaglesFan");
  });
  it.each([[""], ["has space"], ["semi;colon"], [42], [null], ["x".repeat(65)]])("refuses %j", (raw) => {
    expect(normalizeAwardCode(raw)).toBeNull();
  });
});

describe("tokensToCents", () => {
  it("converts diamonds with up to two decimals exactly", () => {
    expect(tokensToCents(18.75)).toBe(1875);
    expect(tokensToCents(0.1 + 0.2)).toBe(30);
    expect(tokensToCents(5)).toBe(500);
  });
  it("refuses fractions of a cent and negative amounts", () => {
    expect(tokensToCents(1.005)).toBeNull();
    expect(tokensToCents(-1)).toBeNull();
  });
});

describe("the admin card form", () => {
  const base = { code: "FALL25", name: "Fall bonus", kind: "award", tokens: "5" };
  it("stores an award's diamonds as cents and clears fields that do not apply", () => {
    const parsed = ZAwardCardInput.parse({ ...base, targetTeamId: "", maxClaims: "10" });
    expect(parsed).toMatchObject({ tokensCents: 500, maxClaims: 10, targetType: null, targetTeamId: null, requirementKey: null });
  });
  it("requires more than 0 diamonds for an award and none for a promo", () => {
    expect(ZAwardCardInput.safeParse({ ...base, tokens: 0 }).error?.issues[0]?.message).toBe("An award needs more than 0 diamonds.");
    expect(
      ZAwardCardInput.safeParse({ ...base, kind: "promo", tokens: 1, targetType: "team", targetTeamId: crypto.randomUUID() }).error
        ?.issues[0]?.message,
    ).toBe("A promo gives no diamonds.");
  });
  it("requires a team for the follow-team requirement and a target for a promo", () => {
    expect(ZAwardCardInput.safeParse({ ...base, requirementKey: "follow_team" }).error?.issues[0]?.message).toBe(
      "Pick the team to follow.",
    );
    expect(ZAwardCardInput.safeParse({ ...base, kind: "promo", tokens: 0 }).error?.issues[0]?.message).toBe(
      "A promo targets a team or a series.",
    );
  });
  it("refuses a window that ends before it starts", () => {
    const result = ZAwardCardInput.safeParse({ ...base, validFrom: "2025-10-12T12:00:00Z", validUntil: "2025-10-11T12:00:00Z" });
    expect(result.error?.issues[0]?.message).toBe("Valid until must be after valid from.");
  });
  it("names the field of every problem, as the form sends its values, so each is shown at its field", () => {
    // The form's blank values: strings, empty when not filled in (src/components/awards/promo-links-admin.tsx).
    const blank = {
      code: "",
      name: "",
      kind: "award",
      tokens: "",
      status: "available",
      validFrom: "2025-10-12T12:00:00Z",
      validUntil: "2025-10-11T12:00:00Z",
      maxClaims: "0",
      imageUrl: "",
      redirectTeamId: "",
      requirementKey: "follow_team",
      requirementTeamId: "",
      targetType: "",
      targetTeamId: "",
      targetSeriesId: "",
    };
    const result = ZAwardCardInput.safeParse(blank);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["code", "Code must be 1–64 letters, numbers, dashes or underscores."],
      ["name", "Please enter a name."],
      ["maxClaims", "Claim cap must be at least 1."],
      ["tokens", "An award needs more than 0 diamonds."],
      ["validUntil", "Valid until must be after valid from."],
      ["requirementTeamId", "Pick the team to follow."],
    ]);
  });
});
