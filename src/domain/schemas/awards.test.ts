import { describe, expect, it } from "vitest";
import { ZAdminAwardCardsAnswer, ZAwardPreview, ZSaveAwardCardAnswer } from "./awards";

// The route parses its result (Dates, from the database) and the screen parses the JSON that
// result became (ISO text): both sides must accept what the other one sees.
const viaJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe("award answers on both sides of the wire", () => {
  const row = {
    id: "0b7c3f43-51a8-4f4b-9d8c-1c2b3a4d5e6f",
    code: "WELCOME5",
    name: "Welcome",
    kind: "award",
    tokensCents: 500,
    status: "available",
    validFrom: new Date("2025-11-20T18:05:00.000Z"),
    validUntil: null,
    maxClaims: 10,
    claimsCount: 0,
    imageUrl: null,
    redirectTeamId: null,
    requirementKey: null,
    requirementTeamId: null,
    targetType: null,
    targetTeamId: null,
    targetSeriesId: null,
    createdAt: new Date("2025-11-01T12:00:00.000Z"),
    updatedAt: new Date("2025-11-02T12:00:00.000Z"),
  };

  it("a saved card keeps every column and its times, parsed from the row and again from its JSON", () => {
    const sent = ZSaveAwardCardAnswer.parse({ card: row });
    expect(viaJson(sent)).toEqual(viaJson({ card: row }));
    expect(ZSaveAwardCardAnswer.parse(viaJson(sent))).toEqual({ card: row });
  });

  it("the admin list sends every card, team and series byte for byte, in the order the route built them", () => {
    const answer = {
      cards: [row],
      teams: [{ id: row.id, league: "mlb", fullName: "San Francisco Giants", slug: "giants" }],
      series: [{ id: row.id, slug: "fall", title: "Fall" }],
    };
    const sent = ZAdminAwardCardsAnswer.parse({ ...answer, secret: "never sent" });
    expect(JSON.stringify(sent)).toBe(JSON.stringify(answer));
    expect(ZAdminAwardCardsAnswer.safeParse({ ...answer, teams: [{ ...answer.teams[0], slug: undefined }] }).success).toBe(false);
  });

  it("a preview with a status it does not know is refused rather than shown", () => {
    const preview = {
      code: "WELCOME5",
      name: "Welcome",
      tokens: 5,
      status: "available",
      redirectTeamSlug: null,
      imageUrl: null,
      requirementKey: null,
      requirementTeamSlug: null,
      requirementTeamName: null,
      requirementTeamRouteSlug: null,
      kind: "award",
      targetType: null,
      targetSlug: null,
      targetSeriesId: null,
      targetName: null,
      teamLogoUrl: null,
      nextPackCoverUrl: null,
      nextEventTime: null,
      hasUpcomingOrLive: false,
    };
    expect(ZAwardPreview.parse(viaJson(preview))).toEqual(preview);
    expect(ZAwardPreview.safeParse({ ...preview, status: "claimed" }).success).toBe(false);
  });
});
