import { describe, expect, it } from "vitest";
import { ZCreatePropRequest, ZUpdatePropRequest } from "@/domain/schemas/props";
import { draftToRequest, EMPTY_DRAFT, inFormOrder, PROP_FIELDS, propToDraft, valuePreview } from "./prop-draft";

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

  it("sends no event as null, and a moneyline or close time that does not read as typed, so the schema says what is wrong", () => {
    const body = draftToRequest({ ...EMPTY_DRAFT, sideAMoneyline: "50", closeTime: "tomorrow" });
    expect(body).toMatchObject({ eventId: null, sideAMoneyline: "50", sideBMoneyline: null, closeTime: "tomorrow", gradingParams: null });
    expect(draftToRequest(EMPTY_DRAFT).closeTime).toBeNull();
  });

  it("names each problem of the API's own schema at a field of the form, the first on screen first", () => {
    const checked = ZUpdatePropRequest.safeParse(
      draftToRequest({
        ...EMPTY_DRAFT,
        shortLabel: "",
        sideAShort: "Yes",
        sideATake: "",
        sideBShort: "",
        sideBTake: "No",
        sideAMoneyline: "50",
      }),
    );
    expect(checked.success).toBe(false);
    const issues = inFormOrder(checked.error!.issues);
    expect(issues.map((issue) => [String(issue.path[0]), issue.message])).toEqual([
      ["shortLabel", "Short label is required."],
      ["sideATake", "Side A needs a take sentence."],
      ["sideAMoneyline", "Moneylines are whole numbers of at least +100 or at most −100."],
      ["sideBShort", "Side B needs a label."],
    ]);
    // The rule's parameters are checked once the fields are right, and shown at the line.
    const rule = ZUpdatePropRequest.safeParse(
      draftToRequest({
        ...EMPTY_DRAFT,
        shortLabel: "Total",
        sideAShort: "Over",
        sideATake: "Points",
        sideBShort: "Under",
        sideBTake: "Defense",
        gradingRule: "total_over_under",
        line: "x",
      }),
    );
    const fieldOf = (path: PropertyKey | undefined) => Object.entries(PROP_FIELDS).find(([name]) => name === path)?.[1];
    expect(rule.error?.issues.map((issue) => [fieldOf(issue.path[0]), issue.message])).toEqual([
      ["line", "The auto-grade rule needs its line and sides."],
    ]);
    // Every path the schema can name has a place in the form (a field, or the form's own error).
    const paths = Object.keys(ZCreatePropRequest.shape);
    expect(paths.filter((path) => !(path in PROP_FIELDS))).toEqual(["title", "thumbnailUrl"]);
  });

  it("reads a stored prop without an event or with a rule it does not know as the plain form", () => {
    const draft = propToDraft({
      eventId: null,
      propShort: "Coin toss",
      propSummary: "Heads or tails",
      propSideAShort: "Heads",
      propSideATake: "Heads",
      sideAMoneyline: 120,
      propSideBShort: "Tails",
      propSideBTake: "Tails",
      sideBMoneyline: null,
      closeTime: null,
      gradingRule: "coin_flip",
      gradingParams: "not an object",
    });
    expect(draft).toMatchObject({
      eventId: "",
      closeTime: "",
      gradingRule: "manual",
      line: "",
      sideAMoneyline: "120",
      sideBMoneyline: "",
      packId: "",
    });
  });
});
