// Request schemas of the grading, winners and ledger admin endpoints, shared
// by the admin forms and the route handlers.
import { z } from "zod";
import { PROP_OUTCOMES } from "../grading";
import { idSchema, isId } from "@/domain/ids";

const uuid = idSchema("Unknown prop.");
/** Text fields refuse control characters (a NUL cannot even be stored in PostgreSQL text). */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const plainText = (message: string) => z.string().regex(/^[^\u0000-\u001f\u007f]*$/, message);
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
  reason: plainText("The reason cannot contain control characters.")
    .trim()
    .min(3, "Give a reason (3 characters at least).")
    .max(300, "Keep the reason under 300 characters."),
  /** Sent again on a retry so the adjustment is applied once. */
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, "Invalid idempotency key."),
});

/** The grading queue's bulk accept (docs/SCREENS.md §3.14): the props whose suggested results to accept, at most 200 at once. */
export const ZAcceptSuggestedRequest = z.object({
  propIds: z.array(uuid).min(1, "Select at least one prop.").max(200, "Accept at most 200 props at once."),
});

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
  packURL: z.string(),
  title: z.string(),
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

export const ZPackWinnersPreview = ZWinnersChange.extend({ packURL: z.string(), title: z.string() });

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
  packURL: z.string(),
  title: z.string(),
  propsCount: z.number().int(),
  takeCount: z.number().int(),
});
export type PackMissingWinners = z.infer<typeof ZPackMissingWinners>;

/** GET /api/admin/gradedPacks?cursor: a page of graded packs without winners. */
export const ZPacksMissingWinnersPage = z.object({ packs: z.array(ZPackMissingWinners), nextCursor: z.string().nullable() });

/** POST /api/admin/setPackWinners. */
export const ZSetPackWinnersAnswer = z.object({
  updatedCount: z.number().int(),
  /** Each pack settled, with its winner (null when nobody played it), so the admin sees who won. */
  winners: z.array(z.object({ packURL: z.string(), title: z.string(), handle: z.string().nullable(), points: z.number().nullable() })),
  errors: z.array(z.object({ packURL: z.string().nullable(), airtableId: z.string().nullable(), error: z.string() })),
});
export type SetPackWinnersResult = z.infer<typeof ZSetPackWinnersAnswer>;
