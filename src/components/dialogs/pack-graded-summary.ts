import type { InferOutput } from "valibot";
import { apiFetch } from "@/components/api/api-fetch";
import { VPackGradedSummary } from "@/domain/schemas/play";

export type PackGradedSummaryView = InferOutput<typeof VPackGradedSummary>;

/** Loads a player's graded results on a pack; null on failure. */
export async function fetchPackGradedSummary(packURL: string): Promise<PackGradedSummaryView | null> {
  const answer = await apiFetch(`/api/packs/${encodeURIComponent(packURL)}/graded`, { schema: VPackGradedSummary });
  return answer.ok ? answer.data : null;
}
