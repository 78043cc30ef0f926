import "server-only";
import { eq, sql } from "drizzle-orm";
import { isUniqueViolation } from "@/server/auth/is-unique-violation";
import { getDb } from "@/server/db/client";
import { h2hChallenges, packs, profiles } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import { enforceRateLimit } from "@/server/ratelimit/consume-rate-limit";
import { isPackOpenForChallenges } from "./pack-window";

export const CHALLENGES_PER_HOUR = 30;

/**
 * Challenges another player, by handle, on a pack that has not closed yet.
 * Once per pair per pack, whoever challenged whom (a unique index holds it
 * under concurrency); never yourself; at most 30 new challenges an hour.
 */
export async function createChallenge(options: {
  challengerProfileId: string;
  packURL: string;
  opponentHandle: string;
  now?: Date;
}): Promise<{ challengeId: string; opponentHandle: string }> {
  const db = await getDb();
  const now = options.now ?? new Date();
  const [pack] = await db
    .select({ id: packs.id, status: packs.status, closeTime: packs.closeTime })
    .from(packs)
    .where(eq(packs.packUrl, options.packURL.toLowerCase()))
    .limit(1);
  if (!pack || pack.status === "draft" || pack.status === "archived") throw new AppError("NOT_FOUND", "Pack not found.");
  if (!isPackOpenForChallenges(pack, now)) throw new AppError("CONFLICT", "This pack has closed; challenges are over.");

  const handle = options.opponentHandle.trim().replace(/^@/, "");
  const [opponent] = await db
    .select({ id: profiles.id, handle: profiles.handle })
    .from(profiles)
    .where(sql`lower(${profiles.handle}) = lower(${handle})`)
    .limit(1);
  if (!opponent) throw new AppError("NOT_FOUND", `No player called @${handle}.`);
  if (opponent.id === options.challengerProfileId) throw new AppError("BAD_REQUEST", "You can't challenge yourself.");

  await enforceRateLimit(
    db,
    { bucket: `h2h-create:${options.challengerProfileId}`, limit: CHALLENGES_PER_HOUR, windowMs: 3_600_000 },
    "Too many challenges. Please try again later.",
    now,
  );
  try {
    const [created] = await db
      .insert(h2hChallenges)
      .values({ packId: pack.id, challengerProfileId: options.challengerProfileId, challengedProfileId: opponent.id, createdAt: now })
      .returning({ id: h2hChallenges.id });
    return { challengeId: created!.id, opponentHandle: opponent.handle };
  } catch (error) {
    if (isUniqueViolation(error, "h2h_once_per_pair_per_pack")) {
      throw new AppError("CONFLICT", `You and @${opponent.handle} already have a challenge on this pack.`);
    }
    throw error;
  }
}
