import { describe, expect, it } from "vitest";
import { checkWith, type StandardSchema } from "./standard";
import { ZAuditPage } from "./audit";
import { ZHealthAnswer } from "./health";
import { ZAdminContestAnswer, ZAdminContestsAnswer, ZPackSearchAnswer, ZSavedContest } from "./contests";
import { ZUnsubscribeAnswer } from "./follows";
import { ZProfileLedgerAnswer } from "./grading";
import {
  ZAddCodesAnswer,
  ZAdminItemAnswer,
  ZAdminItemOptionsAnswer,
  ZAdminItemsAnswer,
  ZExchangesAnswer,
  ZItemCodesAnswer,
  ZMarketplaceItemsAnswer,
} from "./marketplace";
import { ZMembersAccessAnswer, ZMembersGateAnswer, ZMembersPasswordChangeAnswer, ZMembersPasswordStatusAnswer } from "./members";
import { ZAdminSeriesAnswer, ZAdminSeriesListAnswer, ZSavedSeries } from "./series";

// okThrough sends what the schema gives back, in the schema's order: each admin (and marketplace)
// route's whole answer must give back exactly the JSON the route built before it had a schema, and
// nothing the schema does not name.
const ID = "6f1c2b9e-3c4d-4e5f-8a9b-0c1d2e3f4a5b";
const AT = "2025-11-05T18:00:00.000Z";
const pack = { id: ID, packURL: "week-1", title: "Week 1", league: "nfl", status: "open", propsCount: 5 };
const contest = {
  id: ID,
  contestID: "fall-classic",
  title: "Fall Classic",
  summary: null,
  details: "Five packs.",
  coverUrl: null,
  prize: "A cap",
  startsAt: AT,
  endsAt: null,
  status: "open",
  adminStatus: "coming-up",
  packCount: 5,
  gradedPackCount: 2,
  winners: [],
};
const adminItem = {
  itemID: ID,
  itemName: "Cap",
  itemTokens: 25,
  description: null,
  brand: "Takes",
  imageUrl: "/items/cap.png",
  teamImages: { giants: "/items/cap-giants.png" },
  status: "available",
  featured: true,
  requiresShipping: false,
  codesLeft: 3,
  codesUsed: 1,
};
const marketItem = {
  itemID: ID,
  itemName: "Cap",
  itemTokens: 25,
  brand: null,
  description: null,
  imageUrl: null,
  featured: false,
  requiresShipping: true,
};
const ledger = {
  profile: { id: ID, handle: "ada", phone: "+15555550100" },
  balanceCents: 1250,
  entries: [
    {
      id: 7,
      amountCents: -500,
      kind: "redemption",
      businessKey: "redeem:x1",
      reason: null,
      packURL: null,
      takeId: null,
      actorHandle: null,
      createdAt: AT,
    },
  ],
  page: 1,
  hasNext: false,
};
const audit = {
  entries: [
    {
      id: 12,
      createdAt: AT,
      actorHandle: "admin",
      action: "pack.update",
      entityType: "pack",
      entityId: ID,
      entityLabel: "Week 1",
      before: { title: "Wk 1" },
      after: { title: "Week 1" },
      folded: 1,
      firstAt: AT,
    },
    {
      id: 11,
      createdAt: AT,
      actorHandle: null,
      action: "series.create",
      entityType: "series",
      entityId: null,
      entityLabel: null,
      before: null,
      after: [1, "two"],
      folded: 3,
      firstAt: AT,
    },
  ],
  olderBefore: 11,
};

const sent = (schema: StandardSchema, answer: Record<string, unknown>) => {
  const checked = checkWith(schema, answer);
  return checked.ok ? JSON.stringify(checked.value) : checked.problems.join("; ");
};

describe("the admin and marketplace routes' whole answers", () => {
  it.each([
    ["the series list", ZAdminSeriesListAnswer, { series: [{ id: ID, slug: "fall", title: "Fall", packCount: 3, followerCount: 0 }] }],
    [
      "one series",
      ZAdminSeriesAnswer,
      { series: { id: ID, slug: "fall", title: "Fall", summary: null, coverUrl: "/c.png" }, packs: [pack] },
    ],
    ["a series saved", ZSavedSeries, { id: ID, slug: "fall" }],
    ["the contests list", ZAdminContestsAnswer, { contests: [contest, { ...contest, winners: ["ada", "bob"], status: "graded" }] }],
    ["one contest", ZAdminContestAnswer, { contest, packs: [pack] }],
    ["a contest saved", ZSavedContest, { id: ID, contestID: "fall-classic" }],
    ["the contest pack search", ZPackSearchAnswer, { packs: [pack] }],
    ["the audit log", ZAuditPage, audit],
    ["the audit log's last page", ZAuditPage, { entries: [], olderBefore: null }],
    ["the items list", ZAdminItemsAnswer, { items: [adminItem, { ...adminItem, teamImages: null, status: "sold-out" }] }],
    ["one item", ZAdminItemAnswer, { item: adminItem }],
    [
      "an item's codes",
      ZItemCodesAnswer,
      {
        codes: [
          { code: "A1", addedAt: AT, usedAt: null },
          { code: "B2", addedAt: AT, usedAt: AT },
        ],
      },
    ],
    ["the codes added", ZAddCodesAnswer, { added: 2, totalProvided: 3 }],
    ["a profile's ledger", ZProfileLedgerAnswer, ledger],
    [
      "the members password's status",
      ZMembersPasswordStatusAnswer,
      { status: { passwordID: "beta-members", isSet: true, version: 2, updatedAt: AT, updatedBy: "admin" } },
    ],
    ["the members password changed", ZMembersPasswordChangeAnswer, { passwordID: "beta-members", version: 3, rotated: true }],
    ["the members gate", ZMembersGateAnswer, { gated: true, hasAccess: false }],
    ["the members access granted", ZMembersAccessAnswer, { hasAccess: true }],
    [
      "a team's marketplace page",
      ZMarketplaceItemsAnswer,
      { team: { league: "mlb", slug: "giants", name: "San Francisco Giants", abbreviation: "SF" }, items: [marketItem], nextCursor: "abc" },
    ],
    ["the whole marketplace's last page", ZMarketplaceItemsAnswer, { team: null, items: [], nextCursor: null }],
    ["a scope's texts stopped", ZUnsubscribeAnswer, { subscribed: false, scopeKey: "team:giants" }],
    [
      "a player's exchanges",
      ZExchangesAnswer,
      { exchanges: [{ exchangeID: ID, itemID: ID, itemName: "Cap", tokens: 25, code: null, createdAt: AT }] },
    ],
  ] as const)("give back %s byte for byte, and nothing the schema does not name", (_label, schema, answer) => {
    expect(sent(schema, answer)).toBe(JSON.stringify(answer));
    expect(sent(schema, { ...answer, secret: "never sent" })).toBe(JSON.stringify(answer));
  });

  it("give back the keys in the order the route built them, whatever order the use-case listed them in", () => {
    const { codesUsed, ...rest } = adminItem;
    expect(sent(ZAdminItemAnswer, { item: { codesUsed, ...rest } })).toBe(JSON.stringify({ item: adminItem }));
  });

  it("refuse an answer that breaks its contract: an unknown item status, a contest without its winners, a denied access", () => {
    expect(checkWith(ZAdminItemAnswer, { item: { ...adminItem, status: "gone" } }).ok).toBe(false);
    expect(checkWith(ZAdminContestAnswer, { contest: { ...contest, winners: undefined }, packs: [] }).ok).toBe(false);
    expect(checkWith(ZMembersAccessAnswer, { hasAccess: false }).ok).toBe(false);
    expect(checkWith(ZItemCodesAnswer, { codes: [{ code: "A1", addedAt: new Date(AT), usedAt: null }] }).ok).toBe(false);
  });

  it("are read by the inventory dialog's smaller schema", () => {
    expect(checkWith(ZAdminItemOptionsAnswer, { items: [adminItem] })).toEqual({
      ok: true,
      value: { items: [{ itemID: ID, itemName: "Cap", codesLeft: 3, status: "available" }] },
    });
  });
});

describe("the health check's answer", () => {
  it("says ok and how many migrations are applied, nothing else", () => {
    expect(sent(ZHealthAnswer, { status: "ok", migrations: 58, database: "postgres" })).toBe(
      JSON.stringify({ status: "ok", migrations: 58 }),
    );
    expect(checkWith(ZHealthAnswer, { status: "degraded", migrations: 58 }).ok).toBe(false);
  });
});
