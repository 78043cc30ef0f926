import "server-only";
import { and, eq, ne, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { awardCards, series, teams } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import { recordAdminAction } from "@/server/admin/record-admin-action";
import type { AwardCardInput } from "@/domain/award-card-form";

async function assertReferencesExist(tx: DbOrTx, input: AwardCardInput) {
  for (const teamId of [input.redirectTeamId, input.requirementTeamId, input.targetTeamId]) {
    if (!teamId) continue;
    const [team] = await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId));
    if (!team) throw new AppError("BAD_REQUEST", "Team not found.");
  }
  if (input.targetSeriesId) {
    const [row] = await tx.select({ id: series.id }).from(series).where(eq(series.id, input.targetSeriesId));
    if (!row) throw new AppError("BAD_REQUEST", "Series not found.");
  }
}

/**
 * Creates (no id) or updates a card, audited in the same transaction. Codes
 * stay unique ignoring case; a cap below the claims already made is refused;
 * past claims and their ledger rows are never touched.
 */
export async function saveAwardCard({ actorProfileId, cardId, input }: { actorProfileId: string; cardId?: string; input: AwardCardInput }) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await assertReferencesExist(tx, input);
    const [clash] = await tx
      .select({ id: awardCards.id })
      .from(awardCards)
      .where(and(eq(sql`lower(${awardCards.code})`, input.code.toLowerCase()), cardId ? ne(awardCards.id, cardId) : undefined));
    if (clash) throw new AppError("CONFLICT", "Another card already uses this code.");
    if (!cardId) {
      const [created] = await tx.insert(awardCards).values(input).returning();
      await recordAdminAction(tx, {
        actorProfileId,
        action: "award_card.create",
        entityType: "award_card",
        entityId: created!.id,
        after: created,
      });
      return created!;
    }
    const [before] = await tx.select().from(awardCards).where(eq(awardCards.id, cardId)).for("update");
    if (!before) throw new AppError("NOT_FOUND", "Card not found.");
    if (input.maxClaims !== null && input.maxClaims < before.claimsCount) {
      throw new AppError("BAD_REQUEST", `Claim cap cannot be below the ${before.claimsCount} claims already made.`);
    }
    const [after] = await tx
      .update(awardCards)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(awardCards.id, cardId))
      .returning();
    await recordAdminAction(tx, { actorProfileId, action: "award_card.update", entityType: "award_card", entityId: cardId, before, after });
    return after!;
  });
}
