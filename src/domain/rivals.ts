// Rival records (docs/decisions/069-rivals-and-the-ai-player.md): pure rules, so the SQL that
// counts them and the recomputation the property test makes agree on one statement.

/** A lifetime record: won–lost–tied. */
export interface WonLostTied {
  won: number;
  lost: number;
  tied: number;
}

export const EMPTY_RECORD: WonLostTied = { won: 0, lost: 0, tied: 0 };

/**
 * One pack both players played, once it is graded: more points on the pack wins, equal points
 * tie (props won do not break it: a pack record is about points, a head-to-head about its own
 * rule, src/domain/h2h.ts).
 */
export function packOutcome(myPoints: number, theirPoints: number): keyof WonLostTied {
  if (myPoints > theirPoints) return "won";
  if (myPoints < theirPoints) return "lost";
  return "tied";
}

/** "7–3–1" */
export const formatWonLostTied = (record: WonLostTied): string => `${record.won}–${record.lost}–${record.tied}`;

export const hasPlayed = (record: WonLostTied): boolean => record.won + record.lost + record.tied > 0;
