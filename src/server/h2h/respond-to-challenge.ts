import "server-only";
import { eq } from "drizzle-orm";
import { writeContext, type Clocked } from "@/server/db/write-context";
import { h2hChallenges, packs } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import { isPackOpenForChallenges } from "./pack-window";
import type { ChallengeResponse } from "@/domain/schemas/play";

/**
 * The challenged player accepts or declines, once, while the pack is still
 * open; the row is locked so a double click or two tabs answer only once.
 */
export async function respondToChallenge(
  options: {
    challengeId: string;
    profileId: string;
    accept: boolean;
  } & Clocked,
): Promise<ChallengeResponse> {
  const { db, now } = await writeContext(options);
  return db
    .transaction(async (tx) => {
      const [challenge] = await tx.select().from(h2hChallenges).where(eq(h2hChallenges.id, options.challengeId)).for("update");
      if (!challenge) throw new AppError("NOT_FOUND", "Challenge not found.");
      if (challenge.challengedProfileId !== options.profileId) throw new AppError("FORBIDDEN", "Only the challenged player can answer.");
      if (challenge.status !== "pending") throw new AppError("CONFLICT", "This challenge was already answered.");
      const [pack] = await tx
        .select({ status: packs.status, closeTime: packs.closeTime })
        .from(packs)
        .where(eq(packs.id, challenge.packId));
      if (!pack || !isPackOpenForChallenges(pack, now)) {
        await tx.update(h2hChallenges).set({ status: "cancelled" }).where(eq(h2hChallenges.id, challenge.id));
        return "expired" as const;
      }
      const status = options.accept ? "accepted" : "declined";
      await tx
        .update(h2hChallenges)
        .set({ status, acceptedAt: options.accept ? now : null })
        .where(eq(h2hChallenges.id, challenge.id));
      return status;
    })
    .then((result) => {
      // Thrown after the commit, so the expiry is kept.
      if (result === "expired") throw new AppError("CONFLICT", "This pack has closed; the challenge expired.");
      return { status: result };
    });
}
