// Request schemas of the grading, winners and ledger admin endpoints, shared
// by the admin forms and the route handlers.
import { z } from "zod";
import { PROP_OUTCOMES } from "../grading";
import { idSchema, isId } from "@/domain/ids";
import { keysetPage, ZCursor } from "./cursor";
import { packNameFields, packRowFields, plainText, requiredText, ZAdminReason } from "./fields";

const uuid = idSchema("Unknown prop.");
/** A pack's URL slug as the packs table allows it. */
export const ZPackURL = z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/, "Unknown pack.");
/** A handle (letters, digits, underscores; "@" optional) or a profile id. */
export const ZProfileKey = z
  .string()
  .trim()
  .refine((key) => /^@?[A-Za-z0-9_]{3,20}$/.test(key) || isId(key), "Choose a profile by handle.");

export const ZPropGrade = z.object({
  propId: uuid,
  /** null un-grades the prop. */
  outcome: z.enum(PROP_OUTCOMES).nullable(),
  resultText: plainText("Result text cannot contain control characters.")
    .trim()
    .max(200, "Result text is too long (200 characters at most).")
    .nullable()
    .optional(),
});

export const ZGradePropsRequest = z.object({
  grades: z.array(ZPropGrade).min(1, "Choose a result for at least one prop.").max(200, "Grade at most 200 props at once."),
});

export const ZSetPackWinnersRequest = z.object({
  packs: z
    .array(
      z
        .object({ airtableId: z.string().max(100).optional(), packURL: ZPackURL.optional() })
        .refine((pack) => Boolean(pack.airtableId || pack.packURL), "Each pack needs an airtableId or a packURL."),
    )
    .min(1, "Select at least one pack.")
    .max(200, "Select at most 200 packs."),
});

/** Diamonds as typed by an admin ("12.5", "-3"): at most two decimals, converted to whole cents. */
export const ZDiamondAmount = z
  .union([z.number(), z.string().trim()])
  .transform((value) => String(value))
  .refine((value) => /^-?\d{1,7}(\.\d{1,2})?$/.test(value), "Enter diamonds with at most two decimals, e.g. 12.5.")
  .transform((value) => {
    const negative = value.startsWith("-");
    const [whole, fraction = ""] = value.replace("-", "").split(".");
    const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
    return negative ? -cents : cents;
  })
  .refine((cents) => cents !== 0, "The amount cannot be zero.");

export const ZLedgerAdjustmentRequest = z.object({
  /** Handle or profile id. */
  profile: ZProfileKey,
  diamonds: ZDiamondAmount,
  reason: ZAdminReason,
  /** Sent again on a retry so the adjustment is applied once. */
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, "Invalid idempotency key."),
});

/** GET /api/admin/ledger?profile={handle or id}&page: a profile's balance and ledger rows, a page at a time. */
export const ZLedgerQuery = z.object({
  profile: ZProfileKey,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** A row of a profile's ledger as the admin ledger lists it (`createdAt` an ISO instant). */
export const ZLedgerEntryView = z.object({
  id: z.number(),
  amountCents: z.number(),
  kind: z.string(),
  businessKey: z.string(),
  reason: z.string().nullable(),
  packURL: z.string().nullable(),
  takeId: z.string().nullable(),
  actorHandle: z.string().nullable(),
  createdAt: z.string(),
});

/** GET /api/admin/ledger: the profile, its balance, and a page (100 rows) of its ledger, newest first. Phones only because this view is for admins. */
export const ZProfileLedgerAnswer = z.object({
  profile: z.object({ id: z.string(), handle: z.string(), phone: z.string().nullable() }),
  balanceCents: z.number(),
  entries: z.array(ZLedgerEntryView),
  page: z.number(),
  hasNext: z.boolean(),
});
export type ProfileLedger = z.infer<typeof ZProfileLedgerAnswer>;

/** A balance adjustment as applied: false when this idempotency key was used already (nothing added twice), and the balance after it. */
export const ZLedgerAdjustment = z.object({ applied: z.boolean(), balanceCents: z.number().int() });
export type LedgerAdjustment = z.infer<typeof ZLedgerAdjustment>;

/** POST /api/admin/ledger/adjustments: the adjustment, and the balance in diamonds (`balanceCents / 100`). */
export const ZLedgerAdjustmentAnswer = ZLedgerAdjustment.extend({ balance: z.number() });

/** The grading queue's bulk accept (docs/SCREENS.md §3.14): the props whose suggested results to accept, at most 200 at once. */
export const ZAcceptSuggestedRequest = z.object({
  propIds: z.array(uuid).min(1, "Select at least one prop.").max(200, "Accept at most 200 props at once."),
});

/** GET /api/admin/gradeProps, gradePacks, gradingQueue and gradedPacks: an optional keyset cursor (the next page). */
export const ZQueueQuery = z.object({ cursor: ZCursor.optional() });

// ---------------------------------------------------------------------------
// Answers: what the grading endpoints send back (inside `{success: true, …}`), one schema shared by
// the route that answers through it and the admin screen that parses it (src/components/api/api-fetch.ts).

const ZPropStatus = z.enum(["open", "closed", "gradedA", "gradedB", "push", "void"]);

/** A pack's stored winner: the top handle and points, or nobody. */
export const ZPackWinner = z.object({ handle: z.string().nullable(), points: z.number().nullable() });

/**
 * A grade change on a pack whose winners were set: still fully graded, the winner rule runs again
 * in the same transaction ("rerun", maybe the same winner); otherwise they are cleared ("cleared")
 * until the pack is graded and its winners set again.
 */
export const ZWinnersChange = z.object({
  action: z.enum(["rerun", "cleared"]),
  before: ZPackWinner,
  after: ZPackWinner.nullable(),
});

/** One prop's grade as POST /api/admin/gradeProps answers it. */
export const ZGradePropResult = z.object({
  propId: z.string(),
  packId: z.string(),
  packURL: z.string(),
  /** False when the prop already had this outcome (grading is idempotent). */
  changed: z.boolean(),
  status: ZPropStatus,
  gradeVersion: z.number().int(),
  takesUpdated: z.number().int(),
  payoutCents: z.number().int(),
  reversedCents: z.number().int(),
  packStatus: z.string(),
  packBecameGraded: z.boolean(),
  packLeftGraded: z.boolean(),
  /** Players texted a correction because this re-grade changed their result (opted-out players not counted). */
  correctionTexts: z.number().int(),
  /** What happened to the pack's stored winners; null when it had none. */
  winners: ZWinnersChange.nullable(),
});

export const ZGradedPackSummary = z.object({
  packId: z.string(),
  ...packNameFields,
  status: z.string(),
  /** This request's grades completed the pack. */
  becameGraded: z.boolean(),
  /** Its stored winners, worked out again or cleared by these grades (first before, last after); null when it had none. */
  winners: ZWinnersChange.nullable(),
});

/** POST /api/admin/gradeProps. */
export const ZGradePropsAnswer = z.object({
  results: z.array(ZGradePropResult),
  errors: z.array(z.object({ propId: z.string(), error: z.string() })),
  packs: z.array(ZGradedPackSummary),
  /** Participants texted now because their pack became graded. */
  textsQueued: z.number().int(),
  /** Correction texts to players whose result a re-grade changed (once per player and grade version). */
  correctionTexts: z.number().int(),
  /** False when the leaderboards were still catching up as this returned (very large props); the worker finishes. */
  leaderboardsCurrent: z.boolean(),
});

/** One player's result from one prop, before and after a correction (handle only: never a phone). */
export const ZRegradePlayerChange = z.object({
  handle: z.string(),
  pointsBefore: z.number(),
  pointsAfter: z.number(),
  diamondsBefore: z.number(),
  diamondsAfter: z.number(),
});

export const ZPropRegradePreview = z.object({
  propId: z.string(),
  shortLabel: z.string(),
  packTitle: z.string(),
  before: z.string(),
  after: z.string(),
  /** Players whose result or points from this prop change (each will get one correction text unless they opted out). */
  affected: z.number().int(),
  players: z.array(ZRegradePlayerChange),
  /** Affected players not listed. */
  more: z.number().int(),
});

export const ZPackWinnersPreview = ZWinnersChange.extend(packNameFields);

/** POST /api/admin/gradeProps/preview: what saving would change, one entry per correction (first grades are not corrections). */
export const ZRegradePreview = z.object({
  props: z.array(ZPropRegradePreview),
  winners: z.array(ZPackWinnersPreview),
});

/** Where a graded pack's "results are in" texts stand, one count per state (participants = players with a current take). */
export const ZResultsTextsSummary = z.object({
  packStatus: z.string(),
  participants: z.number().int(),
  sent: z.number().int(),
  /** Queued or being sent. */
  waiting: z.number().int(),
  /** Given up after every retry. */
  failed: z.number().int(),
  /** Never queued (e.g. a take counted after the pack was graded). */
  neverQueued: z.number().int(),
  /** Opted out of texts: never texted, never resent. */
  optedOut: z.number().int(),
  /** failed + neverQueued: what "Resend results texts" queues. */
  unsent: z.number().int(),
});

/** GET /api/admin/packs/{packId}/resultsTexts. */
export const ZResultsTextsAnswer = z.object({ summary: ZResultsTextsSummary });
/** POST /api/admin/packs/{packId}/resultsTexts. */
export const ZResendResultsTextsAnswer = z.object({ queued: z.number().int(), summary: ZResultsTextsSummary });

export type PackWinner = z.infer<typeof ZPackWinner>;
export type WinnersChange = z.infer<typeof ZWinnersChange>;
export type GradePropResult = z.infer<typeof ZGradePropResult>;
export type GradePropsResult = z.infer<typeof ZGradePropsAnswer>;
export type RegradePreview = z.infer<typeof ZRegradePreview>;
export type ResultsTextsSummary = z.infer<typeof ZResultsTextsSummary>;

/** A graded pack whose winners are not set yet (the getPackWinners dialog's list). */
export const ZPackMissingWinners = z.object({
  /** The pack's id (under its older name). */
  airtableId: z.string(),
  ...packNameFields,
  propsCount: z.number().int(),
  takeCount: z.number().int(),
});
export type PackMissingWinners = z.infer<typeof ZPackMissingWinners>;

/** GET /api/admin/gradedPacks?cursor: a page of graded packs without winners. */
export const ZPacksMissingWinnersPage = keysetPage({ packs: z.array(ZPackMissingWinners) });

/** POST /api/admin/setPackWinners. */
export const ZSetPackWinnersAnswer = z.object({
  updatedCount: z.number().int(),
  /** Each pack settled, with its winner (null when nobody played it), so the admin sees who won. */
  winners: z.array(z.object({ ...packNameFields, ...ZPackWinner.shape })),
  errors: z.array(z.object({ packURL: z.string().nullable(), airtableId: z.string().nullable(), error: z.string() })),
});
export type SetPackWinnersResult = z.infer<typeof ZSetPackWinnersAnswer>;

// ---------------------------------------------------------------------------
// The grading queue, the gradeProps and gradePacks dialogs and "Auto grade now".

/**
 * A prop as the grading screens show it (the grader, the queue): its sides, its grade so far, its
 * rule's readiness, its auto-grader log and its game's score.
 */
export const ZPropForGrading = z.object({
  propId: z.string(),
  packURL: z.string(),
  packTitle: z.string(),
  shortLabel: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  sideAShort: z.string(),
  sideBShort: z.string(),
  status: z.string(),
  outcome: z.enum(PROP_OUTCOMES).nullable(),
  resultText: z.string().nullable(),
  gradingRule: z.string().nullable(),
  /**
   * For a prop with a rule: what the auto-grader would do with the game as imported: "ready"
   * with the result it would record, "waiting" (the game is not final) or "invalid" (the rule's
   * settings are wrong), each with words for the admin. Null for a manual prop.
   */
  autoGrade: z.object({ state: z.enum(["ready", "waiting", "invalid"]), detail: z.string() }).nullable(),
  takeCount: z.number().int(),
  /**
   * The auto-grader's last few attempts at this prop, newest first (docs/decisions/041-auto-grade-run-log.md):
   * what it did or why it did not grade, with when it first and last decided so. Empty before its first try.
   */
  autoGradeLog: z.array(
    z.object({
      outcome: z.enum(["graded", "waiting", "skipped", "error"]),
      reason: z.string(),
      firstAt: z.string(),
      lastAt: z.string(),
      attempts: z.number().int(),
    }),
  ),
  event: z
    .object({
      title: z.string(),
      status: z.string(),
      statusDetail: z.string().nullable(),
      startTime: z.string(),
      homeScore: z.number().nullable(),
      awayScore: z.number().nullable(),
      boxScoreUrl: z.string().nullable(),
    })
    .nullable(),
});
export type PropForGrading = z.infer<typeof ZPropForGrading>;

/** A prop in the grading queue (docs/SCREENS.md §3.14): what the grading screens show, and the result its rule suggests, when it can. */
export const ZQueuedProp = ZPropForGrading.extend({
  suggested: z.object({ outcome: z.enum(PROP_OUTCOMES), resultText: z.string() }).nullable(),
});
export type QueuedProp = z.infer<typeof ZQueuedProp>;

/** GET /api/admin/gradingQueue?cursor: a page of the grading queue. */
export const ZGradingQueuePage = keysetPage({ props: z.array(ZQueuedProp) });

/** POST /api/admin/gradingQueue/preview: what accepting the suggested results would do ("grade N props, pay M players, text K"). */
export const ZSuggestedGradesPreview = z.object({
  /** Props that will be graded. */
  props: z.number().int(),
  /** Players with a take these grades pay (a winning side, or a push). */
  players: z.number().int(),
  /** Results texts that go out because a pack these grades complete becomes graded (once per participant ever, not to opted-out players). */
  texts: z.number().int(),
  /** Selected props without a suggested result now: they stay in the queue. */
  skipped: z.array(z.string()),
});
export type SuggestedGradesPreview = z.infer<typeof ZSuggestedGradesPreview>;

/** POST /api/admin/gradingQueue/accept: gradeProps' answer, and the props left in the queue. */
export const ZAcceptSuggestedAnswer = ZGradePropsAnswer.extend({ skipped: z.array(z.string()) });
export type AcceptSuggestedResult = z.infer<typeof ZAcceptSuggestedAnswer>;

/** A prop ready to grade, as the gradeProps dialog lists it. */
export const ZPropToGrade = z.object({
  propId: z.string(),
  question: z.string(),
  packURL: z.string(),
  packTitle: z.string(),
  eventTitle: z.string().nullable(),
  eventTime: z.string().nullable(),
  boxScoreUrl: z.string().nullable(),
});
export type PropToGrade = z.infer<typeof ZPropToGrade>;

/** GET /api/admin/gradeProps?cursor: a page of the props ready to grade. */
export const ZPropsToGradePage = keysetPage({ props: z.array(ZPropToGrade) });

/** A pack whose games are over and still needs grades, as the gradePacks dialog lists it. */
export const ZPackToGrade = z.object({
  ...packRowFields,
  league: z.string(),
  eventTime: z.string().nullable(),
  ungradedProps: z.number().int(),
});
export type PackToGrade = z.infer<typeof ZPackToGrade>;

/** GET /api/admin/gradePacks?cursor: a page of the packs to grade. */
export const ZPacksToGradePage = keysetPage({ packs: z.array(ZPackToGrade) });

/** POST /api/admin/autoGrade {packURL}: run the auto-grader now for one pack's props. */
export const ZAutoGradeNowRequest = z.object({ packURL: requiredText("Missing packURL", 200) });

/** POST /api/admin/autoGrade: what the auto-grader graded, what waits and why, and how many games ESPN did not answer for. */
export const ZAutoGradeNowAnswer = z.object({
  graded: z.array(
    z.object({
      propId: z.string(),
      shortLabel: z.string(),
      outcome: z.enum(PROP_OUTCOMES),
      resultText: z.string(),
      source: z.enum(["summary", "scoreboard", "imported", "hand"]),
    }),
  ),
  waiting: z.array(z.object({ propId: z.string(), shortLabel: z.string(), reason: z.string() })),
  failedGames: z.number().int(),
});
export type AutoGradeNowResult = z.infer<typeof ZAutoGradeNowAnswer>;

// ---------------------------------------------------------------- one score per game (decision 060)

/** The statuses a commissioner can give a game by hand: final with its score, or postponed, or suspended (no score). */
export const HAND_GAME_STATUSES = ["final", "postponed", "suspended"] as const;
export type HandGameStatus = (typeof HAND_GAME_STATUSES)[number];

const ZHandScore = z
  .number({ message: "A score is a whole number." })
  .int("A score is a whole number.")
  .min(0, "A score cannot be negative.")
  .max(999, "A score is at most 999.");

/** One game's result as the commissioner types it. */
export const ZGameScore = z
  .object({
    eventId: idSchema("Unknown game."),
    status: z.enum(HAND_GAME_STATUSES, { message: "A game is final, postponed or suspended." }).default("final"),
    homeScore: ZHandScore.nullable().optional(),
    awayScore: ZHandScore.nullable().optional(),
  })
  .superRefine((score, ctx) => {
    const both = typeof score.homeScore === "number" && typeof score.awayScore === "number";
    if (score.status === "final" && !both) ctx.addIssue({ code: "custom", message: "A final needs both scores." });
    if (score.status !== "final" && (typeof score.homeScore === "number" || typeof score.awayScore === "number")) {
      ctx.addIssue({ code: "custom", message: `A ${score.status} game has no score.` });
    }
  });
export type GameScore = z.infer<typeof ZGameScore>;

/** POST /api/admin/gameScores (and /preview): one or more games' results, graded in one go. */
export const ZGameScoresRequest = z
  .object({
    scores: z.array(ZGameScore).min(1, "Type at least one game's score.").max(50, "At most 50 games at once."),
    reason: ZAdminReason.optional(),
    /** The commissioner confirmed scoring games whose scheduled start has not come (the dialog says so). */
    beforeStart: z.boolean().optional(),
    /** Also set the winners of every pack these grades complete (the confirmation says which). */
    setWinners: z.boolean().optional(),
  })
  .refine((body) => new Set(body.scores.map((score) => score.eventId.toLowerCase())).size === body.scores.length, {
    message: "Each game once.",
  });
export type GameScoresRequest = z.infer<typeof ZGameScoresRequest>;

/** POST /api/admin/gameScores/preview: what the scores would do, for the one confirmation. */
export const ZGameScoresPreview = z.object({
  games: z.number().int(),
  /** Props the scores grade (or re-grade) by their auto-grading rules. */
  props: z.number().int(),
  /** Packs those props belong to. */
  packs: z.number().int(),
  /** Current takes the grades pay (a winning side, a push or a void's refund of nothing: winning sides and pushes). */
  takes: z.number().int(),
  /** Props already graded that a changed hand score re-grades. */
  regrades: z.number().int(),
  /** Props of these games without an auto-grading rule: they stay for grading by hand. */
  manual: z.number().int(),
  /** Props whose rule waits (a suspended game inside its window). */
  waiting: z.number().int(),
  /** Games whose scheduled start has not come yet. */
  beforeStart: z.number().int(),
  /** Packs whose last ungraded props these grades are: they become graded, ready for winners. */
  completes: z.number().int(),
});
export type GameScoresPreview = z.infer<typeof ZGameScoresPreview>;

/** POST /api/admin/gameScores: the grades (gradeProps' answer) and what stays for hand grading. */
export const ZGameScoresAnswer = ZGradePropsAnswer.extend({
  games: z.number().int(),
  manual: z.number().int(),
  waiting: z.number().int(),
  /** With setWinners: each completed pack's winner (setPackWinners' answer). */
  winners: ZSetPackWinnersAnswer.shape.winners,
});
export type GameScoresResult = z.infer<typeof ZGameScoresAnswer>;

/** A game as the score forms list it: ESPN's reading, the hand score if any, and their disagreement. */
export const ZGameScoreRow = z.object({
  eventId: z.string(),
  title: z.string(),
  startTime: z.string(),
  awayAbbreviation: z.string(),
  homeAbbreviation: z.string(),
  espn: z.object({ status: z.string(), homeScore: z.number().nullable(), awayScore: z.number().nullable() }),
  hand: z
    .object({
      status: z.enum(HAND_GAME_STATUSES),
      homeScore: z.number().nullable(),
      awayScore: z.number().nullable(),
      reason: z.string().nullable(),
      setAt: z.string(),
      setBy: z.string().nullable(),
    })
    .nullable(),
  /** "ESPN says NE 24–17 DAL, you entered NE 24–20 DAL" when ESPN's final differs from the hand score. */
  disagreement: z.string().nullable(),
  props: z.number().int(),
  ungraded: z.number().int(),
  packs: z.number().int(),
});
export type GameScoreRow = z.infer<typeof ZGameScoreRow>;

/** GET /api/admin/gameScores?packURL: the games of a pack, or (without) the games whose ungraded props wait for a result. */
export const ZGameScoresQuery = z.object({ packURL: ZPackURL.optional() });
export const ZGameScoresList = z.object({ games: z.array(ZGameScoreRow) });
