import { describe, expect, it } from "vitest";
import { draftToRequest, EMPTY_DRAFT, propToDraft, valuePreview } from "./prop-draft";

describe("the prop form", () => {
  it("previews a side's value live from its moneyline", () => {
    expect(valuePreview("+150")).toBe("= 375 pts");
    expect(valuePreview("150")).toBe("= 375 pts");
    expect(valuePreview("-150")).toBe("= 167 pts");
    expect(valuePreview("")).toBe("= 250 pts");
    expect(valuePreview("50")).toBeNull();
    expect(valuePreview("abc")).toBeNull();
  });

  it("turns the form into a request with the close time read as ET and the rule's parameters", () => {
    const body = draftToRequest({
      ...EMPTY_DRAFT,
      eventId: "e1",
      shortLabel: "Who wins?",
      sideAMoneyline: "+135",
      sideBMoneyline: "-155",
      closeTime: "2025-09-04T20:20",
      gradingRule: "spread",
      line: "-2.5",
      spreadTeam: "home",
      teamSide: "B",
    });
    expect(body).toMatchObject({
      sideAMoneyline: 135,
      sideBMoneyline: -155,
      closeTime: "2025-09-05T00:20:00.000Z",
      gradingRule: "spread",
      gradingParams: { team: "home", line: -2.5, teamSide: "B" },
    });
  });

  it("round-trips a stored prop", () => {
    const draft = propToDraft({
      eventId: "e1",
      propShort: "Total",
      propSummary: null,
      propSideAShort: "Over",
      propSideATake: "Points",
      sideAMoneyline: null,
      propSideBShort: "Under",
      propSideBTake: "Defense",
      sideBMoneyline: -110,
      closeTime: "2025-09-05T00:20:00.000Z",
      gradingRule: "total_over_under",
      gradingParams: { line: 45.5, overSide: "A" },
    });
    expect(draft).toMatchObject({ closeTime: "2025-09-04T20:20", sideBMoneyline: "-110", gradingRule: "total_over_under", line: "45.5" });
    expect(draftToRequest(draft).gradingParams).toEqual({ line: 45.5, overSide: "A" });
  });
});
