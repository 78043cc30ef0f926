import "server-only";

/**
 * How work that may fail is retried, for queued jobs and queued texts alike
 * (docs/decisions/028-durable-jobs.md): attempts counted at claim time, an
 * exponential delay between them, and a lease after which work claimed by a
 * process that died (kill -9, a crash, a deploy) is claimed again.
 */
export interface RetryPolicy {
  /** Attempts before the work is marked failed for good. */
  maxAttempts: number;
  /** Delay after the first failure; doubled after each further one. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** How long a claim holds: past it, another worker may take the work again. */
  leaseMs: number;
}

/** The delay before attempt `attempts + 1`, after `attempts` failed ones: first, 2×first, 4×first … capped. */
export function retryDelayMs(policy: RetryPolicy, attempts: number): number {
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.max(0, attempts - 1));
}

/** When a claim made at `now` lapses. */
export const leaseEnd = (policy: RetryPolicy, now: Date) => new Date(now.getTime() + policy.leaseMs);
