import * as v from "valibot";

/**
 * What the player pages read from the API right after they load: the header's balance, the feed's
 * progress, the pack deck's saved takes and its submission, the leaderboard's own row. These are
 * valibot schemas, not zod: they are parsed on pages whose first-load JavaScript budget (150 kB,
 * docs/decisions/023-load-budget.md) has about 2 kB left, and valibot costs about 1.5 kB where zod
 * costs 6 (zod/mini) to 90 kB. Both implement Standard Schema, so apiFetch and okThrough take
 * either (docs/decisions/046-one-typed-contract.md). Routes whose whole answer is named here answer
 * through it (okThrough: the token balance, pack progress, a player's takes on a pack, the
 * featured pack, the receipt lookup); the others' schemas name what the screen reads.
 */

/** GET /api/profile/{handle}?select=tokens: the owner's diamonds (exact; screens round them). */
export const VTokenBalanceAnswer = v.object({ tokensBalance: v.number() });

/** GET /api/packProgress?ids=…: props taken per pack id (untouched packs left out). */
export const VPackProgressAnswer = v.object({ progress: v.record(v.string(), v.number()) });

/** A current take as /api/userTakes and the submission answer give it. */
export const VSavedTake = v.object({ propID: v.string(), propSide: v.picklist(["A", "B"]), lockedValue: v.number() });
export type SavedTake = v.InferOutput<typeof VSavedTake>;

/** GET /api/userTakes?packURL=…: the player's current takes on a pack. */
export const VUserTakesAnswer = v.object({ takes: v.array(VSavedTake) });

/** POST /api/packs/{packURL}/takes, stored: the receipt and every current take on the pack. */
export const VSubmitTakesAnswer = v.object({ receiptId: v.string(), takes: v.array(VSavedTake) });

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
});

/** GET /api/leaderboard?…: the signed-in viewer's own row (null when they have none on this board). */
export const VMyBoardRowAnswer = v.object({ me: v.nullish(VLeaderboardRow, null) });

/** GET /api/packs/{packURL}/userTakes?profileID=…: a player's takes on a pack, as the takes dialog lists them. */
export const VPackUserTakesAnswer = v.object({
  profileID: v.string(),
  items: v.array(v.object({ statement: v.string(), result: v.string(), points: v.number(), propID: v.string() })),
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

/** GET /api/packs/{packURL}/graded: the player's graded results on a pack (the "pack graded" dialog). */
export const VPackGradedSummary = v.object({
  packURL: v.string(),
  packTitle: v.string(),
  handle: v.string(),
  shouldShow: v.boolean(),
  takes: v.array(
    v.object({
      propId: v.string(),
      prop: v.string(),
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

/** POST /api/marketplace/redeem: the exchange made and the item's code. */
export const VRedemptionAnswer = v.object({
  exchangeID: v.string(),
  code: v.string(),
  itemName: v.optional(v.string()),
  tokens: v.optional(v.number()),
});

/** POST /api/h2h: the challenge's page. */
export const VChallengeCreated = v.object({ url: v.string() });
