import { describe, expect, it } from "vitest";
import { checkWith } from "./standard";
import { VDone } from "./common";
import {
  VChallengeCreated,
  VChallengeCreatedAnswer,
  VChallengeResponseAnswer,
  VCurrentTakesPage,
  VLeaderboardAnswer,
  VMyBoardRowAnswer,
  VNotifyPackSubmittedAnswer,
  VPackGradedSeenAnswer,
  VPackGradedSummary,
  VPacksPage,
  VPendingChallengesAnswer,
  VRedemptionAnswer,
  VSubmitTakesAnswer,
  VSubmitTakesResult,
  VUserTakesAnswer,
} from "./play";

// okThrough sends what the schema gives back, in the schema's order: the whole answers must give
// back exactly the JSON the routes built (the API tests read the same), and the screens' smaller
// schemas must still read them.
const PROP = "6f1c2b9e-3c4d-4e5f-8a9b-0c1d2e3f4a5b";
const row = { rank: 1, handle: "ada", points: 12, won: 2, lost: 1, pushed: 0, takes: 3, isMe: true };
const board = { period: "week", scope: "all:week:2025-11-03", page: 1, pageSize: 50, rows: [row], hasNext: false, me: row };
const currentTakes = {
  takes: [
    {
      propID: PROP,
      propSide: "A",
      takeResult: "won",
      takePts: 12,
      tokens: 1.5,
      lockedValue: 120,
      packURL: "week-1",
      receiptId: "r1",
      createdAt: "2025-11-05T18:00:00.000Z",
    },
  ],
  nextCursor: null,
};
const submission = { receiptId: "r1", takes: [{ propID: PROP, propSide: "B", lockedValue: -150, receiptId: "r1" }], stored: false };
const graded = {
  packURL: "week-1",
  packTitle: "Week 1",
  handle: "ada",
  isGraded: true,
  seen: false,
  shouldShow: true,
  takes: [{ propId: PROP, prop: "Who wins?", side: "A", sideLabel: "PHI", result: "won", points: 12, tokensCents: 150 }],
  totals: { points: 12, tokensCents: 150, won: 1, lost: 0, pushed: 0 },
};
const redemption = {
  exchangeID: "x1",
  itemID: "i1",
  itemName: "Cap",
  tokens: 25,
  code: "CODE-1",
  redeemedAt: "2025-11-05T18:00:00.000Z",
  tokensBalance: 75.5,
};

const packsPage = {
  packs: [
    {
      airtableId: PROP,
      packURL: "week-1",
      packTitle: "Week 1",
      packLeague: "nfl",
      packStatus: "graded",
      packSummary: null,
      packCover: [{ url: "/covers/week-1.png" }],
      propsCount: 5,
      takeCount: 40,
      eventTime: "2025-11-05T18:00:00.000Z",
      packOpenTime: null,
      packCloseTime: "2025-11-05T17:55:00.000Z",
      prizeTitle: "A cap",
      winner: { handle: "ada", points: 42 },
    },
  ],
  nextCursor: "eyJrIjoxfQ",
};
const pending = {
  challenges: [{ id: PROP, challengerHandle: "bob", packURL: "week-1", packTitle: "Week 1", createdAt: "2025-11-05T18:00:00.000Z" }],
};
const challenge = { challengeId: PROP, opponentHandle: "bob", url: `/h2h/${PROP}` };

const sent = (schema: Parameters<typeof checkWith>[0], answer: Record<string, unknown>) => {
  const checked = checkWith(schema, answer);
  return checked.ok ? JSON.stringify(checked.value) : checked.problems.join("; ");
};

describe("the player routes' whole answers", () => {
  it.each([
    ["the leaderboard", VLeaderboardAnswer, board],
    ["the current takes", VCurrentTakesPage, currentTakes],
    ["the submission", VSubmitTakesResult, submission],
    ["the graded summary", VPackGradedSummary, graded],
    ["the redemption", VRedemptionAnswer, redemption],
    ["the feed's packs", VPacksPage, packsPage],
    ["the feed's packs without a winner", VPacksPage, { packs: [{ ...packsPage.packs[0], winner: null }], nextCursor: null }],
    ["the pending challenges", VPendingChallengesAnswer, pending],
    ["a challenge made", VChallengeCreatedAnswer, challenge],
    ["a challenge answered", VChallengeResponseAnswer, { status: "declined" }],
    ["the receipt's text queued", VNotifyPackSubmittedAnswer, { queued: true }],
    ["the graded results seen", VPackGradedSeenAnswer, { firstTime: false }],
  ] as const)("give back %s byte for byte, and nothing the schema does not name", (_label, schema, answer) => {
    expect(sent(schema, answer)).toBe(JSON.stringify(answer));
    expect(sent(schema, { ...answer, secret: "never sent" })).toBe(JSON.stringify(answer));
  });

  it("refuse a board row without its rank or a redemption without its code", () => {
    expect(checkWith(VLeaderboardAnswer, { ...board, rows: [{ ...row, rank: undefined }] }).ok).toBe(false);
    expect(checkWith(VRedemptionAnswer, { ...redemption, code: undefined }).ok).toBe(false);
  });

  it("refuse a challenge answered with a status other than accepted or declined, and a pack without its cover list", () => {
    expect(checkWith(VChallengeResponseAnswer, { status: "expired" }).ok).toBe(false);
    expect(checkWith(VPacksPage, { ...packsPage, packs: [{ ...packsPage.packs[0], packCover: null }] }).ok).toBe(false);
  });
});

describe("the screens' smaller schemas read the whole answers", () => {
  it("the leaderboard's own row", () => {
    expect(checkWith(VMyBoardRowAnswer, board)).toEqual({ ok: true, value: { me: row } });
    expect(checkWith(VMyBoardRowAnswer, { ...board, me: null })).toEqual({ ok: true, value: { me: null } });
  });

  it("the deck's saved picks, without the results", () => {
    expect(checkWith(VUserTakesAnswer, currentTakes)).toEqual({
      ok: true,
      value: { takes: [{ propID: PROP, propSide: "A", lockedValue: 120 }] },
    });
  });

  it("the deck's stored submission, without the receipt on each take", () => {
    expect(checkWith(VSubmitTakesAnswer, submission)).toEqual({
      ok: true,
      value: { receiptId: "r1", takes: [{ propID: PROP, propSide: "B", lockedValue: -150 }] },
    });
  });

  it("the challenge form's page, and the buttons' plain success", () => {
    expect(checkWith(VChallengeCreated, challenge)).toEqual({ ok: true, value: { url: `/h2h/${PROP}` } });
    expect(checkWith(VDone, { status: "accepted" })).toEqual({ ok: true, value: {} });
  });
});
