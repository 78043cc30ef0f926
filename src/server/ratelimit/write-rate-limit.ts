import "server-only";
import { getDb } from "@/server/db/client";
import { AppError } from "@/server/http/app-error";
import { consumeRateLimit } from "./consume-rate-limit";

/**
 * Per-player limits on writes, per minute. `limit` is what one player may do
 * in a minute; the first `localAllowance` of them are counted in this process
 * only, so a player at a human pace never costs a database round trip.
 * docs/decisions/017-request-edge.md
 */
export const WRITE_TIERS = {
  /** Takes, follows, answers to challenges: a fan makes a few a minute. */
  write: { limit: 120, localAllowance: 60, windowMs: 60_000 },
  /** Redemptions, award claims, new challenges: each spends something or reaches another player. */
  spend: { limit: 60, localAllowance: 30, windowMs: 60_000 },
} as const;

export type WriteTier = keyof typeof WRITE_TIERS;

interface LocalWindow {
  windowStart: number;
  count: number;
  /** Set once this window is used up, so later attempts are refused without asking the database. */
  refused: boolean;
}

// One entry per (tier, player) that wrote in the current window; bounded so a
// flood of distinct sessions cannot grow the process without limit.
const MAX_TRACKED = 50_000;
const windows = new Map<string, LocalWindow>();

function forgetOldWindows(now: number): void {
  for (const [key, entry] of windows) {
    const tier = WRITE_TIERS[key.slice(0, key.indexOf(":")) as WriteTier];
    if (entry.windowStart + tier.windowMs <= now) windows.delete(key);
  }
  while (windows.size >= MAX_TRACKED) windows.delete(windows.keys().next().value!);
}

function localWindow(key: string, windowStart: number, now: number): LocalWindow {
  const entry = windows.get(key);
  if (entry && entry.windowStart === windowStart) return entry;
  if (windows.size >= MAX_TRACKED) forgetOldWindows(now);
  const fresh: LocalWindow = { windowStart, count: 0, refused: false };
  windows.delete(key);
  windows.set(key, fresh);
  return fresh;
}

const tooMany = (retryAfterSeconds: number) =>
  new AppError("RATE_LIMITED", "You're doing that too often. Please wait a minute and try again.", {
    retryAfter: retryAfterSeconds,
  });

/**
 * Counts one write by the player and throws a 429 (with Retry-After) past the
 * tier's limit. Past the local allowance the count is shared through the
 * database limiter, so several app instances together still hold the player
 * to about the limit.
 */
export async function enforceWriteRateLimit(input: { tier: WriteTier; profileId: string; now?: number }): Promise<void> {
  const now = input.now ?? Date.now();
  const rule = WRITE_TIERS[input.tier];
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000));
  const entry = localWindow(`${input.tier}:${input.profileId}`, windowStart, now);
  if (entry.refused) throw tooMany(retryAfterSeconds);
  entry.count += 1;
  if (entry.count <= rule.localAllowance) return;
  if (entry.count > rule.limit) {
    entry.refused = true;
    throw tooMany(retryAfterSeconds);
  }
  const shared = await consumeRateLimit(
    await getDb(),
    { bucket: `${input.tier}:profile:${input.profileId}`, limit: rule.limit - rule.localAllowance, windowMs: rule.windowMs },
    new Date(now),
  );
  if (!shared.allowed) {
    entry.refused = true;
    throw tooMany(shared.retryAfterSeconds);
  }
}
