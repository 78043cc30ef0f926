import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { awardClaims } from "@/server/db/schema";
import { AppError } from "@/server/http/app-error";
import { AWARD_MESSAGES, normalizeAwardCode } from "@/domain/awards";
import { findAwardCardByCode } from "./find-award-card";
import type { AwardCheckResult } from "@/domain/schemas/awards";

/** Whether this profile has already claimed the card (reads the primary, so a claim just made counts). */
export async function checkAwardClaim({ profileId, code }: { profileId: string; code: string }): Promise<AwardCheckResult> {
  const normalized = normalizeAwardCode(code);
  if (!normalized) throw new AppError("BAD_REQUEST", AWARD_MESSAGES.invalidCode);
  const db = await getDb();
  const loaded = await findAwardCardByCode(db, normalized);
  if (!loaded) throw new AppError("NOT_FOUND", AWARD_MESSAGES.invalidCode);
  const [claim] = await db
    .select({ id: awardClaims.id })
    .from(awardClaims)
    .where(and(eq(awardClaims.awardCardId, loaded.card.id), eq(awardClaims.profileId, profileId)))
    .limit(1);
  return { already: !!claim };
}
