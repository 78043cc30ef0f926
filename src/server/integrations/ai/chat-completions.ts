import "server-only";
import { z } from "zod";
import { serverEnv } from "@/env";

export class AiRequestError extends Error {
  constructor(readonly detail: string) {
    super("AI summary generation failed");
    this.name = "AiRequestError";
  }
}

const ZCompletion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable().optional() }) })).min(1),
});

export interface ChatMessage {
  role: "system" | "user";
  content: string;
}

/**
 * One chat completion from any OpenAI-compatible server
 * (`POST {baseUrl}/chat/completions`, Bearer key). Returns the first choice's
 * text; any failure (status, timeout, shape, empty text) is an AiRequestError.
 */
export async function createChatCompletion(input: {
  baseUrl: string;
  apiKey: string;
  model: string;
  messages: ChatMessage[];
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}): Promise<string> {
  const url = `${input.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  let response: Response;
  try {
    response = await (input.fetchImpl ?? fetch)(url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${input.apiKey}` },
      body: JSON.stringify({ model: input.model, messages: input.messages }),
      signal: AbortSignal.timeout(input.timeoutMs ?? 30_000),
      cache: "no-store",
    });
  } catch (error) {
    throw new AiRequestError(error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new AiRequestError(`AI server answered ${response.status}`);
  }
  const parsed = ZCompletion.safeParse(await response.json().catch(() => null));
  const text = parsed.success ? parsed.data.choices[0]!.message.content?.trim() : undefined;
  if (!text) throw new AiRequestError("AI server sent no text");
  return text;
}

/**
 * One question to the configured OpenAI-compatible server (OPENAI_BASE_URL, OPENAI_API_KEY): a
 * system line and a prompt, the answer's text. The caller checks a key is set first.
 */
export async function askConfiguredAi(input: {
  apiKey: string;
  model: string;
  system: string;
  prompt: string;
  timeoutMs?: number;
}): Promise<string> {
  return createChatCompletion({
    baseUrl: serverEnv().OPENAI_BASE_URL,
    apiKey: input.apiKey,
    model: input.model,
    messages: [
      { role: "system", content: input.system },
      { role: "user", content: input.prompt },
    ],
    timeoutMs: input.timeoutMs,
  });
}
