// Request and answer schemas of the aiSummary dialog's endpoints (docs/SCREENS.md §4.7), shared by
// the dialog (src/components/dialogs/ai-summary-dialog.tsx, through apiFetch) and the route handlers.
import { z } from "zod";
import { AI_MODELS } from "@/config";

const LINK_EVENT = "Link an event to enable AI summary.";

/** One game (`eventId`, a prop's) or a pack's games (`eventIds`, at most 20): the preview covers each. */
export const ZGeneratePropSummaryRequest = z
  .object({
    eventId: z.string().trim().min(1, LINK_EVENT).optional(),
    eventIds: z
      .array(z.string().trim().min(1, LINK_EVENT), { error: LINK_EVENT })
      .min(1, LINK_EVENT)
      .max(20, "At most 20 games per preview.")
      .optional(),
    context: z.string().max(4_000, "Context is too long (4,000 characters at most).").default(""),
    model: z.enum(AI_MODELS, { error: "Unsupported model" }).optional(),
    /** Clamped to 10–200, default 40 (docs/PRODUCT.md §14), never refused: see clampWordsMax. */
    wordsMax: z.unknown().optional(),
    propId: z.string().optional(),
  })
  .refine((input) => input.eventId !== undefined || input.eventIds !== undefined, { message: LINK_EVENT });

/** POST /api/admin/generatePropSummary: the summary, whether it is the offline one (no AI answered), the model used (null offline) and the prompt sent. */
export const ZPropSummaryAnswer = z.object({
  summary: z.string(),
  offline: z.boolean(),
  model: z.enum(AI_MODELS).nullable(),
  prompt: z.string(),
});
export type PropSummaryResult = z.infer<typeof ZPropSummaryAnswer>;

/** GET /api/admin/aiConfig: the model the dialog starts on. */
export const ZAiConfigAnswer = z.object({ defaultModel: z.enum(AI_MODELS) });
export type AiConfig = z.infer<typeof ZAiConfigAnswer>;

/**
 * The parts of an event the summary facts come from, as GET /api/admin/events/{eventId} answers
 * `{event}` (the events area's route; only these fields are read here, the rest is dropped).
 */
export const ZSummaryEventInput = z.object({
  eventLeague: z.string(),
  eventTitle: z.string(),
  eventTime: z.string(),
  venue: z.string().nullable(),
  neutralSite: z.boolean(),
  homeTeam: z.object({ fullName: z.string() }).nullable(),
  awayTeam: z.object({ fullName: z.string() }).nullable(),
  /** Stored as imported: a record may be missing. */
  details: z.object({ homeRecord: z.string().nullish(), awayRecord: z.string().nullish() }).nullable(),
});
export type SummaryEventInput = z.infer<typeof ZSummaryEventInput>;

/** What the aiSummary dialog reads of GET /api/admin/events/{eventId}. */
export const ZSummaryEventAnswer = z.object({ event: ZSummaryEventInput });
