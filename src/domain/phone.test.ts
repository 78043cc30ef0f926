import { describe, expect, it } from "vitest";
import { formatE164ForDisplay, formatPhoneMask, normalizePhoneInput, toE164 } from "./phone";

describe("normalizePhoneInput", () => {
  it.each([
    ["1 (555) 555-0100", "5555550100"],
    ["+1 555 555 0100", "5555550100"],
    ["(555) 555-0100", "5555550100"],
    ["555-555-01009999", "5555550100"],
    ["abc", ""],
    ["25555550100", "2555555010"],
  ])("%s becomes %s", (raw, expected) => {
    expect(normalizePhoneInput(raw)).toBe(expected);
  });
});

describe("formatPhoneMask", () => {
  it.each([
    ["", ""],
    ["5", "(5"],
    ["5555", "(555) 5"],
    ["5555550100", "(555) 555-0100"],
  ])("%s is shown as %s", (digits, expected) => {
    expect(formatPhoneMask(digits)).toBe(expected);
  });
});

describe("toE164", () => {
  it("stores ten digits as +1 and refuses short numbers", () => {
    expect(toE164("(555) 555-0100")).toBe("+15555550100");
    expect(toE164("55555")).toBeNull();
    expect(formatE164ForDisplay("+15555550100")).toBe("(555) 555-0100");
  });

  it.each([
    ["+1 555 292 0704", "+15552920704"],
    ["1 (555) 292-0704", "+15552920704"],
    ["15552920704", "+15552920704"],
    ["5552920704", "+15552920704"],
  ])("accepts %s, a US number with or without its leading 1", (raw, expected) => {
    expect(toE164(raw)).toBe(expected);
  });

  it.each(["1 (555) 292-0704 ext 9", "555-555-01009999", "25555550100", "+44 20 7946 0958", "1555292070412"])(
    "refuses %s rather than texting the first ten of its digits",
    (raw) => {
      expect(toE164(raw)).toBeNull();
    },
  );
});
