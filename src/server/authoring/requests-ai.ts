import { z } from "zod";
import { AI_MODELS } from "@/config";

const LINK_EVENT = "Link an event to enable AI summary.";

/** One game (`eventId`, a prop's) or a pack's games (`eventIds`, at most 20): the preview covers each. */
export const ZGeneratePropSummaryRequest = z
  .object({
    eventId: z.string().trim().min(1, LINK_EVENT).optional(),
    eventIds: z.array(z.string().trim().min(1, LINK_EVENT), { error: LINK_EVENT }).min(1, LINK_EVENT).max(20, "At most 20 games per preview.").optional(),
  context: z.string().max(4_000, "Context is too long (4,000 characters at most).").default(""),
  model: z.enum(AI_MODELS, { error: "Unsupported model" }).optional(),
  /** Clamped to 10–200, default 40 (docs/PRODUCT.md §14), never refused: see clampWordsMax. */
  wordsMax: z.unknown().optional(),
    propId: z.string().optional(),
  })
  .refine((input) => input.eventId !== undefined || input.eventIds !== undefined, { message: LINK_EVENT });
