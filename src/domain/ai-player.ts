// The AI player's rules (docs/decisions/069-rivals-and-the-ai-player.md): who it is and, without an
// AI server, how it picks. Pure, so the rule the how-it-works page states is the rule the code runs.

/** The AI player's profile id, made by its migration (drizzle/0039_ai_player.sql). */
export const AI_PLAYER_ID = "a1a1a1a1-0000-4000-8000-000000000001";
export const AI_PLAYER_HANDLE = "TakesAI";

export type Side = "A" | "B";

/** The offline rule in words, as the how-it-works page states it. */
export const OFFLINE_PICK_RULE =
  "the side the price favours (the one worth fewer points, because it is more likely to happen); side A when both are worth the same";

/** The offline writer's pick: the favourite, i.e. the side worth fewer points; side A when even. */
export function offlinePick(prop: { sideAValue: number; sideBValue: number }): Side {
  return prop.sideBValue < prop.sideAValue ? "B" : "A";
}

/**
 * The picks an AI server answered, read strictly: a JSON object `{"picks": {"<propId>": "A" | "B"}}`
 * naming exactly the props asked about, each once, nothing else (a code fence around it is allowed).
 * Anything else is null, and the caller falls back to the offline rule for every prop.
 */
export function parseAiPicks(text: string, propIds: readonly string[]): Map<string, Side> | null {
  const body = text
    .trim()
    .replace(/^```(?:json)?\s*/i, "")
    .replace(/\s*```$/, "");
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || Object.keys(parsed).length !== 1 || !isRecord(parsed.picks)) return null;
  const picks = parsed.picks;
  const keys = Object.keys(picks);
  if (keys.length !== propIds.length || !propIds.every((id) => Object.hasOwn(picks, id))) return null;
  const answer = new Map<string, Side>();
  for (const id of propIds) {
    const side = picks[id];
    if (side !== "A" && side !== "B") return null;
    answer.set(id, side);
  }
  return answer;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** What the AI server is asked: each prop with its two sides, and the exact answer shape. */
export function buildPicksPrompt(
  packTitle: string,
  props: ReadonlyArray<{ id: string; title: string; sideATake: string; sideBTake: string; sideAValue: number; sideBValue: number }>,
): string {
  const lines = props.map(
    (prop) =>
      `- ${prop.id}: ${prop.title} A = ${prop.sideATake} (${prop.sideAValue} points); B = ${prop.sideBTake} (${prop.sideBValue} points)`,
  );
  return [
    `Pick a side of every prop of the pack "${packTitle}".`,
    ...lines,
    'Answer with JSON only, exactly {"picks": {"<prop id>": "A" or "B", ...}} naming every prop above once.',
  ].join("\n");
}
