import { balanceDiamonds, displayBalance } from "./points";
import { describe, expect, it } from "vitest";
import {
  overlongInventoryCode,
  canRedeem,
  centsStillNeeded,
  formatTeamImages,
  itemImageFor,
  normalizeInventoryCodes,
  notEnoughDiamondsMessage,
  parseTeamImages,
  redeemProgress,
} from "./marketplace";
import { ZAddCodesRequest, ZItemInput, redemptionContactSchema } from "./schemas/marketplace";

describe("affordability", () => {
  it.each([
    // balance cents, price, can redeem, still needed, progress
    [50_000, 500, true, 0, 1],
    [60_000, 500, true, 0, 1],
    [49_999, 500, false, 1, 0.99998],
    [12_000, 500, false, 38_000, 0.24],
    [10_150, 500, false, 39_850, 0.203],
    [0, 50, false, 5_000, 0],
    [-500, 50, false, 5_500, 0],
  ])("a balance of %i cents against %i diamonds: can redeem %s, needs %i cents more", (balance, price, can, needed, progress) => {
    expect(canRedeem(balance, price)).toBe(can);
    expect(centsStillNeeded(balance, price)).toBe(needed);
    // What the item dialog shows adds up: balance + shortfall = cost.
    expect(balance + needed).toBe(Math.max(balance, price * 100));
    expect(redeemProgress(balance, price)).toBeCloseTo(progress, 5);
  });

  it("shows one balance everywhere, rounded, but judges and explains a purchase on the exact cents", () => {
    expect([balanceDiamonds(10_150), balanceDiamonds(10_149), balanceDiamonds(49_960), balanceDiamonds(0)]).toEqual([102, 101, 500, 0]);
    expect(balanceDiamonds(10_150)).toBe(displayBalance(101.5));
    expect(canRedeem(49_960, 500)).toBe(false);
    expect(notEnoughDiamondsMessage(500, 49_960)).toBe("Not enough diamonds. Required: 500, Available: 499.6");
  });
});

describe("inventory paste", () => {
  it("trims every line, drops empty lines and counts a code repeated in the paste once", () => {
    const result = normalizeInventoryCodes("  AAA-1 \n\nBBB-2\r\n   \nAAA-1\nCCC-3  \n");
    expect(result.codes).toEqual(["AAA-1", "BBB-2", "CCC-3"]);
    expect(result.totalProvided).toBe(4);
  });

  it("reads a list the same way as pasted text", () => {
    expect(normalizeInventoryCodes([" X ", "", "Y\nX"])).toEqual({ codes: ["X", "Y"], totalProvided: 3 });
  });

  it("keeps codes that differ only in case apart: codes are exact", () => {
    expect(normalizeInventoryCodes("abc\nABC").codes).toEqual(["abc", "ABC"]);
  });

  it("refuses a paste with nothing but blank lines", () => {
    const parsed = ZAddCodesRequest.safeParse({ codes: " \n\n  " });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("Please provide at least one code");
  });
});

describe("redemption contact", () => {
  it("requires a valid email and trims it", () => {
    const schema = redemptionContactSchema(false);
    expect(schema.safeParse({ fullName: "Sam" }).error?.issues[0]?.message).toBe("Please enter your email address.");
    expect(schema.safeParse({ email: "not-an-email" }).error?.issues[0]?.message).toBe("Please enter a valid email address.");
    expect(schema.parse({ email: "  sam@example.com " })).toEqual({ fullName: "", email: "sam@example.com" });
  });

  it("asks for the whole postal address only when the item ships", () => {
    const contact = { email: "sam@example.com" };
    expect(redemptionContactSchema(false).safeParse(contact).success).toBe(true);
    const shipped = redemptionContactSchema(true).safeParse(contact);
    expect(shipped.error?.issues.map((issue) => issue.message)).toEqual([
      "Please enter your street address.",
      "Please enter your city.",
      "Please enter your state or province.",
      "Please enter your ZIP or postal code.",
      "Please select your country.",
    ]);
    const full = { ...contact, street: "1 Main St", city: "Philadelphia", state: "PA", zip: "19104", country: "United States" };
    expect(redemptionContactSchema(true).parse(full)).toMatchObject(full);
    expect(redemptionContactSchema(true).safeParse({ ...full, country: "Mars" }).success).toBe(false);
  });

  it("drops fields it does not know, a phone number included", () => {
    expect(redemptionContactSchema(false).parse({ email: "a@b.co", phone: "5555550100" })).not.toHaveProperty("phone");
  });
});

describe("item images", () => {
  const item = { imageUrl: "/img/beanie.png", teamImages: { eagles: "/img/beanie-eagles.png" } };

  it("shows the team's own picture in a team view and the item's picture elsewhere", () => {
    expect(itemImageFor(item, "eagles")).toBe("/img/beanie-eagles.png");
    expect(itemImageFor(item, "EAGLES")).toBe("/img/beanie-eagles.png");
    expect(itemImageFor(item, "yankees")).toBe("/img/beanie.png");
    expect(itemImageFor(item)).toBe("/img/beanie.png");
  });

  it("round-trips per-team images through the admin text field", () => {
    const parsed = parseTeamImages(" Eagles https://cdn.example/e.png\n\nyankees /img/y.png ");
    expect(parsed).toEqual({ ok: true, teamImages: { eagles: "https://cdn.example/e.png", yankees: "/img/y.png" } });
    expect(formatTeamImages(parsed.ok ? parsed.teamImages : null)).toBe("eagles https://cdn.example/e.png\nyankees /img/y.png");
    expect(parseTeamImages("eagles not a url").ok).toBe(false);
    expect(parseTeamImages("eagles javascript:alert(1)").ok).toBe(false);
  });
});

describe("item form", () => {
  it("accepts a minimal item and normalises empty optional fields to nothing", () => {
    expect(ZItemInput.parse({ name: " Hoodie ", tokens: "800", status: "available", imageUrl: "", brand: " " })).toEqual({
      name: "Hoodie",
      tokens: 800,
      description: null,
      brand: null,
      imageUrl: null,
      teamImages: null,
      status: "available",
      featured: false,
      requiresShipping: false,
    });
  });

  it.each([0, -5, 2.5, "abc"])("refuses a price of %s diamonds", (tokens) => {
    const parsed = ZItemInput.safeParse({ name: "X", tokens, status: "available" });
    expect(parsed.error?.issues[0]?.message).toBe("Diamonds must be a whole number above 0.");
  });
});

describe("overlongInventoryCode", () => {
  const long = "Z".repeat(201);
  it.each([
    ["OK-1\nOK-2", null],
    [`OK-1\n${long}`, { line: 2, start: 5, end: 206 }],
    [`OK-1\r\n\r\n  ${long}\nOK-3`, { line: 3, start: 10, end: 211 }],
    [["A", `B\n${long}`], { line: 3, start: 4, end: 205 }],
  ])("finds the first code over 200 characters in %j, with its line and place in the box", (input, expected) => {
    const found = overlongInventoryCode(input);
    if (expected === null) expect(found).toBeNull();
    else
      expect(found).toMatchObject({
        ...expected,
        message: `Line ${expected.line}: the code “ZZZZZZZZZZZZ…” is 201 characters; codes must be at most 200.`,
      });
  });
});
