// Request schemas of the grading, winners and ledger admin endpoints, shared
// by the admin forms and the route handlers.
import { z } from "zod";
import { PROP_OUTCOMES } from "../grading";

const uuid = z.string().uuid("Unknown prop.");
/** Text fields refuse control characters (a NUL cannot even be stored in PostgreSQL text). */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const plainText = (message: string) => z.string().regex(/^[^\u0000-\u001f\u007f]*$/, message);
/** A pack's URL slug as the packs table allows it. */
export const ZPackURL = z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/, "Unknown pack.");
/** A handle (letters, digits, underscores; "@" optional) or a profile id. */
export const ZProfileKey = z
  .string()
  .trim()
  .regex(/^@?[A-Za-z0-9_]{3,20}$|^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "Choose a profile by handle.");

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
