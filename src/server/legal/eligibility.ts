import "server-only";
import { serverEnv } from "@/env";

export interface Eligibility {
  minAge: number;
  /** Two-letter US state codes where the game is void. */
  excludedStates: string[];
}

/** Who may play, as configured (ELIGIBILITY_MIN_AGE, ELIGIBILITY_EXCLUDED_STATES: docs/DEPLOYMENT.md). */
export function eligibility(): Eligibility {
  const env = serverEnv();
  return { minAge: env.ELIGIBILITY_MIN_AGE, excludedStates: env.ELIGIBILITY_EXCLUDED_STATES };
}

/** "You must be 18 or older and live in the United States." and where the game is void, in one sentence each. */
export function eligibilitySentences(): string[] {
  const { minAge, excludedStates } = eligibility();
  const sentences = [`You must be ${minAge} or older and a resident of the United States to play.`];
  sentences.push(
    excludedStates.length
      ? `The game is void where prohibited, and in these states: ${excludedStates.join(", ")}.`
      : "The game is void where prohibited by law.",
  );
  return sentences;
}
