import { describe, expect, it } from "vitest";
import { ZLedgerQuery, ZQueueQuery } from "./grading";

describe("the grading queues' and ledger's queries", () => {
  it("reads a queue's cursor when there is one and refuses one that is not base64url", () => {
    expect(ZQueueQuery.parse({})).toEqual({});
    expect(ZQueueQuery.parse({ cursor: "WyJrIiwiaWQiXQ" })).toEqual({ cursor: "WyJrIiwiaWQiXQ" });
    expect(ZQueueQuery.safeParse({ cursor: "a b" }).error?.issues[0]?.message).toBe("Invalid cursor");
  });

  it("reads a ledger's profile by handle or id, page 1 by default", () => {
    expect(ZLedgerQuery.parse({ profile: " @ada_1 " })).toEqual({ profile: "@ada_1", page: 1 });
    expect(ZLedgerQuery.parse({ profile: "6f1c2b9e-3c4d-4e5f-8a9b-0c1d2e3f4a5b", page: "3" }).page).toBe(3);
  });

  it.each([
    ["a handle too short", { profile: "ab" }],
    ["a missing profile", {}],
    ["page 0", { profile: "ada", page: "0" }],
    ["a page past 10,000", { profile: "ada", page: "10001" }],
  ])("refuses %s", (_label, input) => {
    expect(ZLedgerQuery.safeParse(input).success).toBe(false);
  });

  it("asks for a handle in words", () => {
    expect(ZLedgerQuery.safeParse({ profile: "no way" }).error?.issues[0]?.message).toBe("Choose a profile by handle.");
  });
});
