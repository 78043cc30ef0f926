import { z } from "zod";
import { AI_MODELS } from "@/config";

const LINK_EVENT = "Link an event to enable AI summary.";

export const ZGeneratePropSummaryRequest = z.object({
  eventId: z.string({ error: LINK_EVENT }).trim().min(1, LINK_EVENT),
  context: z.string().max(4_000, "Context is too long (4,000 characters at most).").default(""),
  model: z.enum(AI_MODELS, { error: "Unsupported model" }).optional(),
  /** Clamped to 10–200, default 40 (docs/PRODUCT.md §14), never refused: see clampWordsMax. */
  wordsMax: z.unknown().optional(),
  propId: z.string().optional(),
});
