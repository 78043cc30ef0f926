import { describe, expect, it } from "vitest";
import type { AwardPreview } from "@/domain/schemas/awards";
import { cardTeamRoute } from "./card-team-route";

const preview = (overrides: Partial<AwardPreview>): AwardPreview =>
  ({ kind: "award", targetType: null, targetSlug: null, redirectTeamSlug: null, ...overrides }) as AwardPreview;

describe("where a ?card= link goes first", () => {
  it("sends a team promo to its team's page", () => {
    expect(cardTeamRoute(preview({ kind: "promo", targetType: "team", targetSlug: "phillies", redirectTeamSlug: "phillies" }))).toBe(
      "phillies",
    );
  });
  it("keeps a series promo where it is, even with a redirect team", () => {
    expect(
      cardTeamRoute(preview({ kind: "promo", targetType: "series", targetSlug: "eagles-season", redirectTeamSlug: "eagles" })),
    ).toBeNull();
  });
  it("sends an award with a known team to that team, and one without a team nowhere", () => {
    expect(cardTeamRoute(preview({ redirectTeamSlug: "eagles" }))).toBe("eagles");
    expect(cardTeamRoute(preview({}))).toBeNull();
  });
});
