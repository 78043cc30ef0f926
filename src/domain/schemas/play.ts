import * as v from "valibot";
import { vKeysetPage } from "./common";

/**
 * What the player pages read from the API right after they load: the header's balance, the feed's
 * progress, the pack deck's saved takes and its submission, the leaderboard's own row. These are
 * valibot schemas, not zod: they are parsed on pages whose first-load JavaScript budget (150 kB,
 * docs/decisions/023-load-budget.md) has about 2 kB left, and valibot costs about 1.5 kB where zod
 * costs 6 (zod/mini) to 90 kB. Both implement Standard Schema, so apiFetch and okThrough take
 * either (docs/decisions/046-one-typed-contract.md). The routes answer through the schema that
 * names their whole answer (okThrough), with the server's types inferred from it: the token
 * balance, pack progress, the current takes, the submission, the leaderboard, a player's takes on
 * a pack, the featured pack, the graded summary (and its being seen), the receipt lookup and its
 * text, the redemption, the feed's packs and the head-to-head answers. Where a screen reads only
 * part of an answer through a schema of its own (the saved picks, the stored submission, the
 * leaderboard's own row, the challenge's page), the whole answer's schema sits beside it: the
 * screen keeps reading only what it uses, and the route is still held to everything it sends.
 */

/** GET /api/profile/{handle}?select=tokens: the owner's diamonds (exact; screens round them). */
export const VTokenBalanceAnswer = v.object({ tokensBalance: v.number() });

/** GET /api/packProgress?ids=…: props taken per pack id (untouched packs left out). */
export const VPackProgressAnswer = v.object({ progress: v.record(v.string(), v.number()) });

/** A current take as /api/userTakes and the submission answer give it. */
export const VSavedTake = v.object({ propID: v.string(), propSide: v.picklist(["A", "B"]), lockedValue: v.number() });
export type SavedTake = v.InferOutput<typeof VSavedTake>;

/** GET /api/userTakes?packURL=…: the player's current takes on a pack (what the pack deck reads of VCurrentTakesPage). */
export const VUserTakesAnswer = v.object({ takes: v.array(VSavedTake) });

/** A current take as /api/userTakes lists it: its pick, result, points and diamonds won (exact), pack and receipt. */
export const VCurrentTake = v.object({
  propID: v.string(),
  propSide: v.picklist(["A", "B"]),
  takeResult: v.string(),
  takePts: v.number(),
  tokens: v.number(),
  lockedValue: v.number(),
  packURL: v.string(),
  receiptId: v.string(),
  createdAt: v.string(),
});

/** GET /api/userTakes?packURL&cursor&limit: a page of the player's current takes, newest first; `nextCursor` null on the last page. */
export const VCurrentTakesPage = vKeysetPage({ takes: v.array(VCurrentTake) });

/** POST /api/packs/{packURL}/takes, stored: the receipt and every current take on the pack (what the deck reads of VSubmitTakesResult). */
export const VSubmitTakesAnswer = v.object({ receiptId: v.string(), takes: v.array(VSavedTake) });

/** A current take on the pack as the submission answers it, with the receipt that holds it. */
export const VSubmittedTake = v.object({ ...VSavedTake.entries, receiptId: v.string() });

/**
 * POST /api/packs/{packURL}/takes: the whole answer. `stored` is false when every pick matched the
 * saved ones or the idempotency key was replayed: nothing new was stored, and `receiptId` names
 * the receipt that holds the takes.
 */
export const VSubmitTakesResult = v.object({ receiptId: v.string(), takes: v.array(VSubmittedTake), stored: v.boolean() });

/** POST /api/packs/{packURL}/takes, refused: why, and which props closed meanwhile. */
export const VSubmitTakesRefusal = v.object({
  error: v.optional(v.string()),
  code: v.optional(v.string()),
  closedPropIds: v.optional(v.array(v.string())),
});

/** A row of a leaderboard as the table shows it. */
export const VLeaderboardRow = v.object({
  rank: v.number(),
  handle: v.string(),
  points: v.number(),
  won: v.number(),
  lost: v.number(),
  pushed: v.number(),
  takes: v.number(),
  isMe: v.boolean(),
  /** The AI player's row (docs/decisions/069-rivals-and-the-ai-player.md); absent means a person. */
  isBot: v.optional(v.boolean()),
});

/** GET /api/leaderboard?…: the signed-in viewer's own row (null when they have none on this board); what the board reads of VLeaderboardAnswer. */
export const VMyBoardRowAnswer = v.object({ me: v.nullish(VLeaderboardRow, null) });

/** A page (`pageSize` rows) of one leaderboard scope, and the viewer's own row wherever it ranks (null when not on the board). */
export const VLeaderboardPage = v.object({
  scope: v.string(),
  page: v.number(),
  pageSize: v.number(),
  rows: v.array(VLeaderboardRow),
  hasNext: v.boolean(),
  me: v.nullable(VLeaderboardRow),
});

/** GET /api/leaderboard?scope&key&period&page: the whole answer, the period asked and the page. */
export const VLeaderboardAnswer = v.object({ period: v.string(), ...VLeaderboardPage.entries });

/** GET /api/packs/{packURL}/userTakes?profileID=…: a player's takes on a pack, as the takes dialog lists them. */
export const VPackUserTakesAnswer = v.object({
  profileID: v.string(),
  items: v.array(
    v.object({
      statement: v.string(),
      result: v.string(),
      points: v.number(),
      propID: v.string(),
      /** The take's prices (docs/decisions/056-price-history.md): locked, now while open, closing once locked. */
      lockedValue: v.number(),
      lockedMoneyline: v.nullable(v.number()),
      nowMoneyline: v.nullable(v.number()),
      nowValue: v.nullable(v.number()),
      closingMoneyline: v.nullable(v.number()),
      closingValue: v.nullable(v.number()),
      beatTheClose: v.boolean(),
    }),
  ),
});

/** GET /api/featuredPack: the featured pack's cover, title, prize picture and summary. */
export const VFeaturedPackAnswer = v.object({
  featuredPack: v.object({
    packURL: v.string(),
    packTitle: v.string(),
    packCover: v.array(v.object({ url: v.string() })),
    packPrizeImage: v.array(v.object({ url: v.string() })),
    prizeSummary: v.nullable(v.string()),
  }),
});

/**
 * GET /api/packs/{packURL}/graded: the player's graded results on a pack (the "pack graded" dialog).
 * `shouldShow`: graded, played by this player and not yet `seen`, so the dialog opens (once).
 */
export const VPackGradedSummary = v.object({
  packURL: v.string(),
  packTitle: v.string(),
  handle: v.string(),
  isGraded: v.boolean(),
  seen: v.boolean(),
  shouldShow: v.boolean(),
  takes: v.array(
    v.object({
      propId: v.string(),
      prop: v.string(),
      side: v.picklist(["A", "B"]),
      sideLabel: v.string(),
      result: v.picklist(["pending", "won", "lost", "push", "void"]),
      points: v.number(),
      tokensCents: v.number(),
    }),
  ),
  totals: v.object({ points: v.number(), tokensCents: v.number(), won: v.number(), lost: v.number(), pushed: v.number() }),
});

/** GET /api/receipts/resolve?packURL=…&profileID=…: the player's latest receipt on the pack. */
export const VReceiptResolveAnswer = v.object({ receiptId: v.string() });

/** POST /api/marketplace/redeem: the exchange made, the diamonds spent, the item's code, and the balance after it (diamonds, exact). */
export const VRedemptionAnswer = v.object({
  exchangeID: v.string(),
  itemID: v.string(),
  itemName: v.string(),
  tokens: v.number(),
  code: v.string(),
  redeemedAt: v.string(),
  tokensBalance: v.number(),
});

/** POST /api/h2h: the challenge's page. */
export const VChallengeCreated = v.object({ url: v.string() });

/** GET /api/h2h/opponents?q=: the player named exactly, and names starting with what was typed (past opponents first). */
export const VOpponentsAnswer = v.object({
  exact: v.nullable(v.object({ handle: v.string(), isMe: v.boolean() })),
  players: v.array(v.object({ handle: v.string(), played: v.boolean() })),
});

/** POST /api/h2h: the whole answer, the challenge made, the challenged player's handle and the challenge's page (what the form reads: VChallengeCreated). */
export const VChallengeCreatedAnswer = v.object({ challengeId: v.string(), opponentHandle: v.string(), url: v.string() });

/** POST /api/h2h/{challengeId}/respond: the challenge's new status (the buttons read only that it worked: VDone). */
export const VChallengeResponseAnswer = v.object({ status: v.picklist(["accepted", "declined"]) });
export type ChallengeResponse = v.InferOutput<typeof VChallengeResponseAnswer>;

/** A challenge waiting for the signed-in player's answer, as the feed's notice shows it. */
export const VPendingChallenge = v.object({
  id: v.string(),
  challengerHandle: v.string(),
  packURL: v.string(),
  packTitle: v.string(),
  createdAt: v.string(),
});
export type PendingChallenge = v.InferOutput<typeof VPendingChallenge>;

/** GET /api/h2h/pending: the challenges waiting for the signed-in player's answer, newest first (at most five). */
export const VPendingChallengesAnswer = v.object({ challenges: v.array(VPendingChallenge) });

/** POST /api/notifyPackSubmitted: whether the text with the player's takes was queued (false once sent, or when the player opted out). */
export const VNotifyPackSubmittedAnswer = v.object({ queued: v.boolean() });
export type NotifyPackSubmittedResult = v.InferOutput<typeof VNotifyPackSubmittedAnswer>;

/** POST /api/packs/{packURL}/graded: whether this was the first time the player saw the pack's results. */
export const VPackGradedSeenAnswer = v.object({ firstTime: v.boolean() });
export type PackGradedSeen = v.InferOutput<typeof VPackGradedSeenAnswer>;

/** A pack as GET /api/packs lists it (the names of the API's first version; times are ISO instants). */
export const VPackListEntry = v.object({
  airtableId: v.string(),
  packURL: v.string(),
  packTitle: v.string(),
  packLeague: v.string(),
  packStatus: v.string(),
  packSummary: v.nullable(v.string()),
  packCover: v.array(v.object({ url: v.string() })),
  propsCount: v.number(),
  takeCount: v.number(),
  eventTime: v.nullable(v.string()),
  packOpenTime: v.nullable(v.string()),
  packCloseTime: v.nullable(v.string()),
  prizeTitle: v.nullable(v.string()),
  winner: v.nullable(v.object({ handle: v.string(), points: v.number() })),
});

/** GET /api/packs?view&league&date&limit&cursor: a page of packs, soonest close first; `nextCursor` null on the last page. */
export const VPacksPage = vKeysetPage({ packs: v.array(VPackListEntry) });

/** POST /api/h2h/rematch: the challenge made, and the pack it is on. */
export const VRematchAnswer = v.object({
  challengeId: v.string(),
  opponentHandle: v.string(),
  url: v.string(),
  packURL: v.string(),
  packTitle: v.string(),
});
