import "server-only";
import { eq, sql } from "drizzle-orm";
import { PRODUCT_NAME } from "@/config";
import { challengeText } from "@/domain/share";
import { serverEnv } from "@/env";
import { isUniqueViolation } from "@/server/auth/is-unique-violation";
import { writeContext, type Clocked } from "@/server/db/write-context";
import { h2hChallenges, packs, profiles } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import { queueText } from "@/server/notifications/queue-text";
import { H2H_CHALLENGE_TEXT } from "@/server/notifications/text-kinds";
import { enforceRateLimit } from "@/server/ratelimit/consume-rate-limit";
import { isPackOpenForChallenges } from "./pack-window";
import type { InferOutput } from "valibot";
import type { VChallengeCreatedAnswer } from "@/domain/schemas/play";

/** The challenge made, as its answer names it (src/domain/schemas/play.ts) less the page the route adds. */
type ChallengeCreated = Omit<InferOutput<typeof VChallengeCreatedAnswer>, "url">;

export const CHALLENGES_PER_HOUR = 30;

/**
 * Challenges another player, by handle, on a pack that has not closed yet.
 * Once per pair per pack, whoever challenged whom (a unique index holds it
 * under concurrency); never yourself; at most 30 new challenges an hour.
 * The opponent is texted the link in the same transaction (the outbox's
 * rules: once per challenge, never to a player who paused texts or replied
 * STOP), so a challenge is never stored without its text or texted twice.
 */
export async function createChallenge(
  options: {
    challengerProfileId: string;
    packURL: string;
    opponentHandle: string;
  } & Clocked,
): Promise<ChallengeCreated> {
  const { db, now } = await writeContext(options);
  const [pack] = await db
    .select({ id: packs.id, title: packs.title, status: packs.status, closeTime: packs.closeTime })
    .from(packs)
    .where(eq(packs.packUrl, options.packURL.toLowerCase()))
    .limit(1);
  if (!pack || pack.status === "draft" || pack.status === "archived") throw new AppError("NOT_FOUND", "Pack not found.");
  if (!isPackOpenForChallenges(pack, now)) throw new AppError("CONFLICT", "This pack has closed; challenges are over.");

  const handle = options.opponentHandle.trim().replace(/^@/, "");
  const [opponent] = await db
    .select({ id: profiles.id, handle: profiles.handle, phone: profiles.phone })
    .from(profiles)
    .where(sql`lower(${profiles.handle}) = lower(${handle})`)
    .limit(1);
  // A deleted account (no phone) cannot be challenged: it is nobody any more (decision 057).
  if (!opponent?.phone) throw new AppError("NOT_FOUND", `No player called @${handle}.`);
  const opponentPhone = opponent.phone;
  if (opponent.id === options.challengerProfileId) throw new AppError("BAD_REQUEST", "You can't challenge yourself.");

  await enforceRateLimit(
    db,
    { bucket: `h2h-create:${options.challengerProfileId}`, limit: CHALLENGES_PER_HOUR, windowMs: 3_600_000 },
    "Too many challenges. Please try again later.",
    now,
  );
  const [challenger] = await db
    .select({ handle: profiles.handle })
    .from(profiles)
    .where(eq(profiles.id, options.challengerProfileId))
    .limit(1);
  const siteUrl = serverEnv().NEXTAUTH_URL.replace(/\/$/, "");
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(h2hChallenges)
        .values({ packId: pack.id, challengerProfileId: options.challengerProfileId, challengedProfileId: opponent.id, createdAt: now })
        .returning({ id: h2hChallenges.id });
      const challengeId = created!.id;
      await queueText({
        db: tx,
        to: opponentPhone,
        body: challengeText(PRODUCT_NAME, challenger?.handle ?? "A player", pack.title, `${siteUrl}/h2h/${challengeId}`),
        kind: H2H_CHALLENGE_TEXT,
        profileId: opponent.id,
        dedupeKey: `h2h_challenge:${challengeId}`,
        // Held through the opponent's quiet hours, and pointless once the pack closes (decision 072).
        packId: pack.id,
        expiresAt: pack.closeTime ?? null,
        now,
      });
      return { challengeId, opponentHandle: opponent.handle };
    });
  } catch (error) {
    if (isUniqueViolation(error, "h2h_once_per_pair_per_pack")) {
      throw new AppError("CONFLICT", `You and @${opponent.handle} already have a challenge on this pack.`);
    }
    throw error;
  }
}
