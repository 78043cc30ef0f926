// Request and answer schemas of the pack texts the admin controls (issue 24 item 7, docs/decisions/040-texts-under-control.md):
// the pack-open text chosen when a pack opens, shared by the open dialog and the status routes.
import { z } from "zod";
import { ZInstant } from "./authoring-fields";

/** The editable part of a pack-open text; the server appends the pack's link. */
export const PACK_OPEN_MESSAGE_MAX = 300;

/** Why no pack-open text goes out for an opening (the answer's `textsSkipped`). */
export const TEXTS_SKIPPED = {
  allClosed: "every prop is closed",
  chosen: "opened without texting",
  alreadySent: "subscribers were already texted when it first opened",
} as const;

export const ZPackOpenText = z.object({
  /** false: open without texting anyone (the pack is marked announced). */
  send: z.boolean({ error: "Choose whether to send the text." }),
  /** The admin's wording; omitted → the default wording, worked out when the text is queued. */
  message: z
    .string()
    // eslint-disable-next-line no-control-regex -- a text line may break, but holds no other control character
    .regex(/^[^\u0000-\u0009\u000b-\u001f\u007f]*$/, "The text cannot contain control characters.")
    .trim()
    .min(1, "Write the text, or open without texting.")
    .max(PACK_OPEN_MESSAGE_MAX, `The text is too long (${PACK_OPEN_MESSAGE_MAX} characters at most).`)
    .optional(),
});
export type PackOpenTextChoice = z.infer<typeof ZPackOpenText>;

/** GET /api/admin/packs/{packId}/openText: the opening to preview; the form's unsaved times ("" = none) override the pack's. */
export const ZPackOpenTextQuery = z.object({
  status: z.enum(["open", "coming-soon"], { error: "Preview an opening: status open or coming-soon." }).default("open"),
  openTime: z.preprocess((v) => (v === "" ? null : v), ZInstant),
  closeTime: z.preprocess((v) => (v === "" ? null : v), ZInstant),
});

/** GET /api/admin/packs/{packId}/openText: what opening the pack would text, for the open dialog. */
export const ZPackOpenTextPreview = z.object({
  /** When the opening texts subscribers: now (this request), later (the periodic task at opensAt), never. */
  when: z.enum(["now", "later", "never"]),
  opensAt: z.string().nullable(),
  /** Subscribers were texted at an earlier opening: nobody is texted again. */
  alreadySent: z.boolean(),
  /** No prop can be picked (all closed, or past their close): no text goes out. */
  allClosed: z.boolean(),
  /** Players the text goes to, counted in SQL. */
  recipients: z.number().int(),
  /** The default wording the admin may edit, the link the server appends, and the whole text. */
  message: z.string(),
  link: z.string(),
  text: z.string(),
  maxLength: z.number().int(),
});
export type PackOpenTextPreview = z.infer<typeof ZPackOpenTextPreview>;

/** The answer of GET /api/admin/packs/{packId}/openText (docs/decisions/046-one-typed-contract.md). */
export const ZPackOpenTextAnswer = z.object({ preview: ZPackOpenTextPreview });

/** What became of the pack-open text when a status change opened a pack (decision 040). */
export const ZOpeningTexts = z.object({
  textsQueued: z.number().int(),
  /** Why nobody was texted, e.g. "every prop is closed"; null when texts went out or the change opened nothing. */
  textsSkipped: z.enum(TEXTS_SKIPPED).nullable(),
  /** A pack that opens later on its own clock is texted then (default wording) by the periodic task. */
  textsScheduledFor: z.string().nullable(),
});
export type OpeningTexts = z.infer<typeof ZOpeningTexts>;
