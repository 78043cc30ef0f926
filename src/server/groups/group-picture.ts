import "server-only";
import { createHash } from "node:crypto";
import { badgeText, teamBadgeSvg } from "@/server/pictures/art-svg";
import { svgDataUrl } from "@/domain/qr";

/** Colours a group's picture is drawn in: each readable with white or ink letters (inkOn picks). */
const PALETTE = ["#0b5fff", "#0f766e", "#b91c1c", "#7c3aed", "#c2410c", "#0369a1", "#15803d", "#be185d", "#1e293b", "#a16207"];

/**
 * A group's picture, drawn offline from its seed and name as the teams' badges are (src/server/pictures/art-svg.ts,
 * docs/decisions/045-pictures-drawn-when-offline.md): the seed picks two colours, the name gives the letters.
 * Null seed: the group chose no picture, and gets the same tile in the product's ink. A data URL, so it costs no request.
 */
export function groupPictureUrl(group: { name: string; pictureSeed: string | null }): string {
  return svgDataUrl(groupPictureSvg(group));
}

/** The group's picture as an SVG document: the page shows it as a data URL, the share card draws it in (docs/decisions/067-share-cards.md). */
export function groupPictureSvg(group: { name: string; pictureSeed: string | null }): string {
  const hash = createHash("sha256")
    .update(group.pictureSeed ?? "")
    .digest();
  const color = group.pictureSeed ? PALETTE[hash[0]! % PALETTE.length]! : "#334155";
  const second = group.pictureSeed ? PALETTE[(hash[1]! % (PALETTE.length - 1)) + 1]! : "#94a3b8";
  const initials = group.name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0])
    .join("");
  return teamBadgeSvg({ abbreviation: badgeText(initials).slice(0, 3), name: group.name, color, alternateColor: second });
}
