import "server-only";
import type { ChallengeStatus } from "@/domain/h2h";
import { getMatchup } from "@/server/h2h/get-matchup";
import { AppError } from "@/server/http/app-error";
import { drawHeadToHeadCard, type DrawnCard } from "./draw-cards";

const STATUS: Record<ChallengeStatus, string> = {
  pending: "Waiting for an answer",
  accepted: "Accepted · decided when the pack is graded",
  declined: "Declined",
  settled: "Final · a tie",
  cancelled: "Expired",
};

/**
 * A head-to-head's share card (docs/decisions/067-share-cards.md): the two handles, their points
 * once the pack has closed (picks and scores are private before, as on the matchup page), the
 * winner once settled, else where it stands. Null for an unknown challenge or a pack players
 * cannot see.
 */
export async function loadHeadToHeadCard(challengeId: string, now: Date): Promise<DrawnCard | null> {
  let matchup;
  try {
    matchup = await getMatchup({ challengeId, now });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
  const scores = matchup.totals ? { challenger: matchup.totals.challenger.points, challenged: matchup.totals.challenged.points } : null;
  const status = matchup.status === "accepted" && scores ? (matchup.pack.graded ? "Final" : "In progress") : STATUS[matchup.status];
  return drawHeadToHeadCard({
    packTitle: matchup.pack.title,
    challenger: matchup.challenger.handle,
    challenged: matchup.challenged.handle,
    scores,
    status,
    winner: matchup.status === "settled" ? matchup.winnerHandle : null,
  });
}
