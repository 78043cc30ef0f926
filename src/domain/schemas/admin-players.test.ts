import { describe, expect, it } from "vitest";
import { ZPlayerLedgerQuery, ZPlayerPageQuery, ZPlayerSearchQuery } from "./admin-players";

describe("the players screen's queries", () => {
  it("reads a search as a handle prefix or phone of at most 40 characters, empty by default", () => {
    expect(ZPlayerSearchQuery.parse({})).toEqual({ q: "" });
    expect(ZPlayerSearchQuery.parse({ q: "(555) 123", limit: "100" })).toEqual({ q: "(555) 123", limit: 100 });
    expect(ZPlayerSearchQuery.safeParse({ q: "x".repeat(41) }).error?.issues[0]?.message).toBe("Search for at most 40 characters.");
    expect(ZPlayerSearchQuery.safeParse({ limit: "101" }).success).toBe(false);
  });

  it("reads a takes or exchanges page's cursor and refuses a forged shape", () => {
    expect(ZPlayerPageQuery.parse({ cursor: "WyJrIiwiaWQiXQ" })).toEqual({ cursor: "WyJrIiwiaWQiXQ" });
    expect(ZPlayerPageQuery.safeParse({ cursor: "x".repeat(401) }).error?.issues[0]?.message).toBe("Invalid cursor");
  });

  it.each([
    ["1", true],
    ["123456789012345678", true],
    ["0", false],
    ["0123", false],
    ["1234567890123456789", false],
    ["-5", false],
    ["WyJrIiwiaWQiXQ", false],
  ])("reads the ledger cursor %j (a ledger row's id): %s", (cursor, valid) => {
    const parsed = ZPlayerLedgerQuery.safeParse({ cursor });
    expect(parsed.success).toBe(valid);
    if (!parsed.success) expect(parsed.error.issues[0]?.message).toBe("Invalid cursor");
  });
});
