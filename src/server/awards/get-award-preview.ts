import "server-only";
import { getReadDb } from "@/server/db/client";
import { AppError } from "@/server/http/app-error";
import { AWARD_MESSAGES, awardPreviewStatus, centsToTokens, normalizeAwardCode } from "@/domain/awards";
import type { AwardPreview } from "@/domain/schemas/awards";
import { getPackOutlook } from "@/server/teams/team-pack-outlook";
import { findAwardCardByCode } from "./find-award-card";

/** Public read of a card by code (case-insensitive); unknown codes are "Invalid code". */
export async function getAwardPreview({ code, now = new Date() }: { code: string; now?: Date }): Promise<AwardPreview> {
  const normalized = normalizeAwardCode(code);
  if (!normalized) throw new AppError("BAD_REQUEST", AWARD_MESSAGES.invalidCode);
  const db = await getReadDb();
  const loaded = await findAwardCardByCode(db, normalized);
  if (!loaded) throw new AppError("NOT_FOUND", AWARD_MESSAGES.invalidCode);
  const { card, requirementTeam, redirectTeam, targetTeam, targetSeries } = loaded;
  const isPromo = card.kind === "promo";
  const targetType = card.targetType === "team" || card.targetType === "series" ? card.targetType : null;
  // The team the card is "about": a promo's target, else the requirement, else the redirect.
  const cardTeam = (isPromo ? targetTeam : null) ?? requirementTeam ?? redirectTeam ?? targetTeam;
  const outlook = await getPackOutlook(
    db,
    targetType === "series" && targetSeries ? { seriesId: targetSeries.id } : { teamId: cardTeam?.id },
    now,
  );
  return {
    code: card.code,
    name: card.name,
    tokens: centsToTokens(card.tokensCents),
    status: awardPreviewStatus(card, now),
    redirectTeamSlug: (redirectTeam ?? requirementTeam ?? (isPromo && targetType === "team" ? targetTeam : null))?.routeSlug ?? null,
    imageUrl: card.imageUrl,
    requirementKey: card.requirementKey === "follow_team" ? "follow_team" : null,
    requirementTeamSlug: requirementTeam?.slug ?? null,
    requirementTeamName: requirementTeam?.name ?? null,
    requirementTeamRouteSlug: requirementTeam?.routeSlug ?? null,
    kind: isPromo ? "promo" : "award",
    targetType,
    targetSlug: targetType === "team" ? (targetTeam?.routeSlug ?? null) : targetType === "series" ? (targetSeries?.slug ?? null) : null,
    targetSeriesId: targetType === "series" ? (targetSeries?.id ?? null) : null,
    targetName: targetType === "team" ? (targetTeam?.name ?? null) : targetType === "series" ? (targetSeries?.title ?? null) : null,
    teamLogoUrl: cardTeam?.logoUrl ?? null,
    ...outlook,
  };
}
