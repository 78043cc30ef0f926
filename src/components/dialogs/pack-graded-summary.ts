import type { TakeResult } from "@/domain/points";

export interface PackGradedSummaryView {
  packURL: string;
  packTitle: string;
  handle: string;
  shouldShow: boolean;
  takes: Array<{ propId: string; prop: string; sideLabel: string; result: TakeResult; points: number; tokensCents: number }>;
  totals: { points: number; tokensCents: number; won: number; lost: number; pushed: number };
}

/** Loads a player's graded results on a pack; null on failure. */
export async function fetchPackGradedSummary(packURL: string): Promise<PackGradedSummaryView | null> {
  try {
    const response = await fetch(`/api/packs/${encodeURIComponent(packURL)}/graded`, { cache: "no-store" });
    const body = (await response.json()) as PackGradedSummaryView & { success: boolean };
    return response.ok && body.success ? body : null;
  } catch {
    return null;
  }
}
