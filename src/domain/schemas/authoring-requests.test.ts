import { describe, expect, it } from "vitest";
import { ZAdminPacksQuery, ZPropsQuery } from "./authoring-requests";

describe("ZPropsQuery", () => {
  it("reads a bare query as the first 100 props of every view, newest first", () => {
    expect(ZPropsQuery.parse({})).toEqual({ limit: 100, offset: 0, view: "all", status: [], sort: "created_desc" });
  });

  it("falls back to the defaults for a limit, offset, view or sort it does not know, rather than refusing", () => {
    expect(ZPropsQuery.parse({ limit: "0", offset: "-1", view: "mine", sort: "random" })).toMatchObject({
      limit: 100,
      offset: 0,
      view: "all",
      sort: "created_desc",
    });
  });

  it("keeps only the statuses that exist from a comma-separated list", () => {
    expect(ZPropsQuery.parse({ status: "open,bogus,gradedA" }).status).toEqual(["open", "gradedA"]);
  });

  it("reads the days and lower-cases the pack id", () => {
    const parsed = ZPropsQuery.parse({ from: "20251101", to: "2025-11-02", packId: "6F1C2B9E-3C4D-4E5F-8A9B-0C1D2E3F4A5B" });
    expect(parsed).toMatchObject({ from: "2025-11-01", to: "2025-11-02", packId: "6f1c2b9e-3c4d-4e5f-8a9b-0c1d2e3f4a5b" });
  });

  it.each([
    [{ league: "cricket" }, "Unsupported league"],
    [{ eventDay: "2025-13-01" }, "Invalid date"],
    [{ packId: "42" }, "Unknown pack"],
  ])("refuses %j with %j", (input, message) => {
    const parsed = ZPropsQuery.safeParse(input);
    expect(parsed.success ? null : parsed.error.issues[0]?.message).toBe(message);
  });
});

describe("ZAdminPacksQuery", () => {
  it("reads a bare query as every status, newest first, the default page", () => {
    expect(ZAdminPacksQuery.parse({})).toEqual({ statuses: [], sort: "newest" });
  });

  it("keeps only the pack statuses that exist and falls back to newest for an unknown sort", () => {
    expect(ZAdminPacksQuery.parse({ statuses: "open,nope,draft", sort: "best" })).toMatchObject({
      statuses: ["open", "draft"],
      sort: "newest",
    });
  });

  it("refuses a limit over 100 and a cursor that is not base64url", () => {
    expect(ZAdminPacksQuery.safeParse({ limit: "101" }).success).toBe(false);
    expect(ZAdminPacksQuery.safeParse({ cursor: "a+b" }).success).toBe(false);
  });
});
