// Head-to-head rules (docs/PRODUCT.md §10): who won a challenge once its pack is
// graded, and what each player is paid. Pure, so the settlement table can be
// tested row by row; the server writes the payouts to the ledger.

export const H2H_TIE_POLICIES = ["split", "both", "none"] as const;
export type H2hTiePolicy = (typeof H2H_TIE_POLICIES)[number];

/** A challenge's statuses; h2h_challenges.status is checked against this list (src/server/db/schema.ts). */
export const CHALLENGE_STATUSES = ["pending", "accepted", "declined", "settled", "cancelled"] as const;
export type ChallengeStatus = (typeof CHALLENGE_STATUSES)[number];

/** Which side of a challenge came out ahead. */
export const H2H_OUTCOMES = ["challenger", "challenged", "tie"] as const;
export type H2hOutcome = (typeof H2H_OUTCOMES)[number];

/** A player's record on the challenge's pack: props won, then points decide. */
export interface H2hScore {
  won: number;
  points: number;
}

export interface H2hSettlement {
  outcome: H2hOutcome;
  /** Bonus in cents for each player; 0 means no ledger row. */
  payoutCents: { challenger: number; challenged: number };
}

/** More props won wins; equal wins are decided by more points; equal both is a tie. */
export function decideH2hOutcome(challenger: H2hScore, challenged: H2hScore): H2hOutcome {
  const byWins = challenger.won - challenged.won;
  if (byWins !== 0) return byWins > 0 ? "challenger" : "challenged";
  const byPoints = challenger.points - challenged.points;
  if (byPoints !== 0) return byPoints > 0 ? "challenger" : "challenged";
  return "tie";
}

/**
 * What each player receives: the winner the whole bonus; a tie follows the
 * policy — `split` gives each floor(bonus / 2) cents (an odd cent goes to
 * neither), `both` gives each the whole bonus, `none` gives nothing.
 */
export function settleH2h(options: {
  challenger: H2hScore;
  challenged: H2hScore;
  bonusCents: number;
  tiePolicy: H2hTiePolicy;
}): H2hSettlement {
  const { bonusCents, tiePolicy } = options;
  if (!Number.isInteger(bonusCents) || bonusCents < 0) throw new RangeError(`Invalid bonus: ${bonusCents}`);
  const outcome = decideH2hOutcome(options.challenger, options.challenged);
  switch (outcome) {
    case "challenger":
      return { outcome, payoutCents: { challenger: bonusCents, challenged: 0 } };
    case "challenged":
      return { outcome, payoutCents: { challenger: 0, challenged: bonusCents } };
    case "tie": {
      const each = tiePolicy === "split" ? Math.floor(bonusCents / 2) : tiePolicy === "both" ? bonusCents : 0;
      return { outcome, payoutCents: { challenger: each, challenged: each } };
    }
  }
}

/** H2H_BONUS is configured in diamonds (e.g. 2.5); the ledger counts whole cents. */
export function h2hBonusCents(bonusDiamonds: number): number {
  if (!Number.isFinite(bonusDiamonds) || bonusDiamonds < 0) throw new RangeError(`Invalid H2H bonus: ${bonusDiamonds}`);
  return Math.round(bonusDiamonds * 100);
}
