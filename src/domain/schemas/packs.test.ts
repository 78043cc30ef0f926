import { describe, expect, it } from "vitest";
import { PACK_URL_MESSAGE } from "@/domain/authoring";
import { ZCreatePackRequest, ZUpdatePackRequest } from "./packs";

// The pack form (src/components/admin/packs/pack-form.tsx) checks its request with these schemas
// before sending it and shows each issue at the field its path names (docs/decisions/047-admin-forms.md).
const form = {
  title: "Week 1 Showdown",
  packUrl: "week-1-showdown",
  league: "nfl",
  summary: "",
  coverUrl: "",
  prizeTitle: "",
  prizeImageUrl: "",
  prizePoints: null,
  prizeSummary: null,
  openTime: "2099-01-01T17:00:00.000Z",
  closeTime: "2099-01-02T17:00:00.000Z",
  eventIds: [],
};

const issues = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];

describe("pack request schemas", () => {
  it("take what the form sends, blank texts as null", () => {
    const parsed = ZCreatePackRequest.parse(form);
    expect(parsed).toMatchObject({ title: "Week 1 Showdown", summary: null, coverUrl: null, prizeTitle: null, prizePoints: null });
    expect(parsed.openTime).toEqual(new Date("2099-01-01T17:00:00.000Z"));
  });

  it("name the field of every problem, in the form's words, with the window's order at the close time", () => {
    const result = ZCreatePackRequest.safeParse({
      ...form,
      title: "  ",
      packUrl: "Not a URL!",
      openTime: form.closeTime,
      closeTime: form.openTime,
    });
    expect(issues(result)).toEqual([
      ["title", "Pack title is required."],
      ["packUrl", PACK_URL_MESSAGE],
      ["closeTime", "Close time must be after open time."],
    ]);
  });

  it("say what is wrong with the points required, not a number included", () => {
    for (const [points, message] of [
      [Number.NaN, "Points required must be a whole number."],
      [1.5, "Points required must be a whole number."],
      [-1, "Points required cannot be negative."],
      [10_000_001, "Points required is at most 10,000,000."],
    ] as const) {
      expect(issues(ZCreatePackRequest.safeParse({ ...form, prizePoints: points }))).toEqual([["prizePoints", message]]);
    }
  });

  it("check an edit's status and featured flag beside the same fields", () => {
    expect(ZUpdatePackRequest.safeParse({ ...form, featured: true, status: "open" }).success).toBe(true);
    expect(issues(ZUpdatePackRequest.safeParse({ ...form, status: "someday" }))).toEqual([["status", "Unknown pack status"]]);
  });
});
