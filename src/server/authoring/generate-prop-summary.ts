import "server-only";
import { eq } from "drizzle-orm";
import { buildSummaryPrompt, limitWords, summaryFactsOf, type AiModel } from "@/domain/ai-summary";
import { serverEnv } from "@/env";
import { updateAudited } from "@/server/admin/update-audited";
import { getDb } from "@/server/db/client";
import { props } from "@/server/db/schema";
import { getEventOrThrow } from "@/server/events/get-event";
import { AppError, notFound } from "@/server/http/app-error";
import { askConfiguredAi, AiRequestError } from "@/server/integrations/ai/chat-completions";
import { writeOfflineSummary } from "@/server/integrations/ai/offline-summary";
import { log } from "@/server/ops/log";
import type { PropSummaryResult } from "@/domain/schemas/ai-summary";

const SYSTEM_PROMPT = "You write short, factual previews of sports games for a prediction game. Plain text, one paragraph.";

/**
 * A short preview of a prop's event or a pack's games, at most `wordsMax` words: from the
 * configured OpenAI-compatible server, or without an API key from the offline
 * summariser (labelled `offline`). With `propId`, the text is saved as the
 * prop's summary (audited). The AI call never runs inside a transaction.
 */
export async function generatePropSummary(input: {
  /** The games to preview: a prop's one, or every game of a pack. */
  eventIds: string[];
  context: string;
  model: AiModel;
  wordsMax: number;
  propId?: string;
  actorProfileId: string;
}): Promise<PropSummaryResult> {
  const games = await Promise.all(input.eventIds.map((eventId) => getEventOrThrow({ eventId })));
  const facts = games.map(summaryFactsOf);
  const prompt = buildSummaryPrompt(facts, input.context, input.wordsMax);
  const env = serverEnv();
  let summary: string;
  let offline = false;
  if (!env.OPENAI_API_KEY) {
    summary = writeOfflineSummary(facts, input.wordsMax, input.context);
    offline = true;
  } else {
    try {
      const text = await askConfiguredAi({ apiKey: env.OPENAI_API_KEY, model: input.model, system: SYSTEM_PROMPT, prompt });
      summary = limitWords(text, input.wordsMax);
    } catch (error) {
      log("warn", "ai summary failed", { detail: error instanceof AiRequestError ? error.detail : String(error) });
      throw new AppError("UPSTREAM_FAILED", "AI summary generation failed");
    }
  }
  if (input.propId) await saveSummary(input.propId, summary, input.actorProfileId);
  return { summary, offline, model: offline ? null : input.model, prompt };
}

async function saveSummary(propId: string, summary: string, actorProfileId: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ summary: props.summary }).from(props).where(eq(props.id, propId)).for("update");
    if (!before) throw notFound("Prop not found");
    await updateAudited(
      tx,
      { type: "prop", id: propId },
      { summary, updatedAt: new Date() },
      { actorProfileId, action: "prop.summary", before, after: { summary } },
    );
  });
}
