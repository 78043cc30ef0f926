import { describe, expect, it } from "vitest";
import { ZMarketplaceItemsQuery } from "./marketplace";

describe("the marketplace list's query", () => {
  it("reads a team's slug trimmed and lower-cased", () => {
    expect(ZMarketplaceItemsQuery.parse({ teamSlug: " Giants ", limit: "24" })).toEqual({ teamSlug: "giants", limit: 24 });
  });

  it("takes a cursor longer than other lists' (an item's name travels in it) up to 1,200 characters, base64url only", () => {
    expect(ZMarketplaceItemsQuery.safeParse({ cursor: "x".repeat(1_200) }).success).toBe(true);
    expect(ZMarketplaceItemsQuery.safeParse({ cursor: "x".repeat(1_201) }).error?.issues[0]?.message).toBe("Invalid cursor");
    expect(ZMarketplaceItemsQuery.safeParse({ cursor: "a/b" }).error?.issues[0]?.message).toBe("Invalid cursor");
  });

  it("refuses a page of more than 100 items", () => {
    expect(ZMarketplaceItemsQuery.safeParse({ limit: "101" }).success).toBe(false);
  });
});
