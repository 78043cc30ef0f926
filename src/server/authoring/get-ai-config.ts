import "server-only";
import { isAiModel } from "@/domain/ai-summary";
import type { AiConfig } from "@/domain/schemas/ai-summary";
import { serverEnv } from "@/env";

/** The AI model the aiSummary dialog starts on: OPENAI_DEFAULT_MODEL when it is one of the offered models. */
export function getAiConfig(): AiConfig {
  const configured = serverEnv().OPENAI_DEFAULT_MODEL;
  return { defaultModel: isAiModel(configured) ? configured : "gpt-5-mini" };
}
