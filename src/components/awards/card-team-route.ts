import type { AwardPreview } from "@/domain/schemas/awards";

/** Where a `?card=` link sends the visitor first: a team promo's team, or an award's team; a series promo stays put. */
export function cardTeamRoute(preview: AwardPreview): string | null {
  if (preview.kind === "promo") return preview.targetType === "team" ? preview.targetSlug : null;
  return preview.redirectTeamSlug;
}
