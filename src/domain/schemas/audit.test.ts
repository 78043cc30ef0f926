import { describe, expect, it } from "vitest";
import { ZAuditQuery } from "./audit";

const firstMessage = (input: unknown) => {
  const parsed = ZAuditQuery.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe("ZAuditQuery", () => {
  it("reads a bare query as the latest 50 changes, unfiltered", () => {
    expect(ZAuditQuery.parse({})).toEqual({ limit: 50 });
  });

  it("falls back to 50 for a limit out of range or not a number, rather than refusing", () => {
    expect(ZAuditQuery.parse({ limit: "500" }).limit).toBe(50);
    expect(ZAuditQuery.parse({ limit: "abc" }).limit).toBe(50);
    expect(ZAuditQuery.parse({ limit: "20" }).limit).toBe(20);
  });

  it("reads before as a positive id and refuses zero", () => {
    expect(ZAuditQuery.parse({ before: "42" }).before).toBe(42);
    expect(ZAuditQuery.safeParse({ before: "0" }).success).toBe(false);
  });

  it("trims who and reads a New York day in any of the accepted spellings", () => {
    expect(ZAuditQuery.parse({ who: "  ada ", day: "20251105" })).toMatchObject({ who: "ada", day: "2025-11-05" });
  });

  it.each([
    [{ day: "2025-02-30" }, "Invalid day"],
    [{ what: "teams" }, "Unknown kind of change"],
    [{ who: "x".repeat(41) }, "Invalid who"],
  ])("refuses %j with %j", (input, message) => {
    expect(firstMessage(input)).toBe(message);
  });
});
