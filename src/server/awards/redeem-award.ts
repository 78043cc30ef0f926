import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { awardCards, awardClaims } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import { appendLedgerEntry } from "@/server/ledger/append-ledger-entry";
import { isFollowingTeam } from "@/server/follows/is-following-team";
import { AWARD_MESSAGES, awardPreviewStatus, centsToTokens, normalizeAwardCode } from "@/domain/awards";
import { findAwardCardByCode } from "./find-award-card";
import type { RedeemAwardResult } from "@/domain/schemas/awards";

/**
 * Claims a card for a profile: at most once per (card, profile), never past
 * the card's cap even under concurrent requests (the card row is locked), and
 * the card's token value copied into the ledger in the same transaction.
 */
export async function redeemAward({
  profileId,
  code,
  now = new Date(),
}: {
  profileId: string;
  code: string;
  now?: Date;
}): Promise<RedeemAwardResult> {
  const normalized = normalizeAwardCode(code);
  if (!normalized) throw new AppError("BAD_REQUEST", AWARD_MESSAGES.invalidCode);
  const db = await getDb();
  const loaded = await findAwardCardByCode(db, normalized);
  if (!loaded) throw new AppError("NOT_FOUND", AWARD_MESSAGES.invalidCode);
  const { card, requirementTeam, redirectTeam, targetTeam } = loaded;
  const answer = (already: boolean, tokensCents: number): RedeemAwardResult => ({
    already,
    name: card.name,
    tokens: centsToTokens(tokensCents),
    redirectTeamSlug: (redirectTeam ?? requirementTeam ?? (card.kind === "promo" ? targetTeam : null))?.routeSlug ?? null,
    imageUrl: card.imageUrl,
  });

  const [previous] = await db
    .select({ tokensCents: awardClaims.tokensCents })
    .from(awardClaims)
    .where(and(eq(awardClaims.awardCardId, card.id), eq(awardClaims.profileId, profileId)));
  if (previous) return answer(true, previous.tokensCents);

  if (card.requirementKey === "follow_team" && requirementTeam && !(await isFollowingTeam(db, profileId, requirementTeam.id))) {
    throw new AppError("CONFLICT", `Follow the ${requirementTeam.name} to claim this bonus.`, {
      code: "requirement_follow_team",
      requirementTeamSlug: requirementTeam.slug,
      requirementTeamRouteSlug: requirementTeam.routeSlug,
      requirementTeamName: requirementTeam.name,
    });
  }

  return db.transaction(async (tx) => {
    // The lock serialises claims of one card, so the cap check below cannot race.
    const [locked] = await tx.select().from(awardCards).where(eq(awardCards.id, card.id)).for("update");
    if (!locked) throw new AppError("NOT_FOUND", AWARD_MESSAGES.invalidCode);
    const [existing] = await tx
      .select({ tokensCents: awardClaims.tokensCents })
      .from(awardClaims)
      .where(and(eq(awardClaims.awardCardId, locked.id), eq(awardClaims.profileId, profileId)));
    if (existing) return answer(true, existing.tokensCents);
    if (awardPreviewStatus(locked, now) !== "available") throw new AppError("CONFLICT", AWARD_MESSAGES.notAvailable);

    const [claim] = await tx
      .insert(awardClaims)
      .values({ awardCardId: locked.id, profileId, tokensCents: locked.tokensCents })
      .onConflictDoNothing({ target: [awardClaims.awardCardId, awardClaims.profileId] })
      .returning({ id: awardClaims.id });
    if (!claim) return answer(true, locked.tokensCents);
    await tx
      .update(awardCards)
      .set({ claimsCount: sql`${awardCards.claimsCount} + 1` })
      .where(eq(awardCards.id, locked.id));
    if (locked.tokensCents > 0) {
      await appendLedgerEntry(tx, {
        profileId,
        amountCents: locked.tokensCents,
        kind: "award_claim",
        businessKey: `award:${locked.id}:${profileId}`,
        reason: `Claimed ${locked.name}`,
        awardClaimId: claim.id,
      });
    }
    return answer(false, locked.tokensCents);
  });
}
