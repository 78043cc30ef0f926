import { clampWordsMax } from "@/domain/ai-summary";
import { okThrough, readJson, withAdmin } from "@/server/http/api";
import { generatePropSummary } from "@/server/authoring/generate-prop-summary";
import { getAiConfig } from "@/server/authoring/get-ai-config";
import { ZGeneratePropSummaryRequest, ZPropSummaryAnswer } from "@/domain/schemas/ai-summary";
import { uuidOrNotFound } from "@/server/http/route-params";

export const dynamic = "force-dynamic";

/** POST /api/admin/generatePropSummary {eventId | eventIds, context, model, wordsMax[, propId]} → {success, summary, offline, model, prompt}. */
export const POST = withAdmin(
  async ({ req, session }) => {
    const input = await readJson(req, ZGeneratePropSummaryRequest);
    const result = await generatePropSummary({
      eventIds: [...new Set(input.eventIds ?? [input.eventId!])].map((id) => uuidOrNotFound(id, "Event not found")),
      context: input.context,
      model: input.model ?? getAiConfig().defaultModel,
      wordsMax: clampWordsMax(input.wordsMax),
      propId: input.propId === undefined ? undefined : uuidOrNotFound(input.propId, "Prop not found"),
      actorProfileId: session.profileId,
    });
    return okThrough(ZPropSummaryAnswer, result);
  },
  { allow: "commissioner" },
);
