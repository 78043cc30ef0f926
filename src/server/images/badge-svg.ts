// Generated pictures for teams, leagues and marketplace items: an SVG drawn
// from a short text (an abbreviation or initials) and two colours, all of it
// carried by the URL. No database, no network, no file: any instance answers
// any badge URL the same way, offline too (docs/decisions/030-offline-images.md).
// Pure, so the seed, the views and the route share it.

/** nfl: a shield; mlb: a roundel; league: a wide crest; item: a marketplace tile. */
export const BADGE_KINDS = ["nfl", "mlb", "league", "item"] as const;
export type BadgeKind = (typeof BADGE_KINDS)[number];

/** Bumped when the drawing changes, so long-cached badges get a new URL. */
export const BADGE_DESIGN_VERSION = "1";

export interface Badge {
  kind: BadgeKind;
  /** 1 to 4 letters or digits, drawn upper-case. */
  text: string;
  /** `#rrggbb`; anything else falls back to a neutral colour. */
  primary: string | null;
  secondary: string | null;
}

const TEXT = /^[A-Z0-9]{1,4}$/;
const HEX = /^#?([0-9a-f]{6})$/i;
const NEUTRAL_PRIMARY = "#334155";
const NEUTRAL_SECONDARY = "#94a3b8";

const hex = (color: string | null | undefined, fallback: string) => {
  const match = color ? HEX.exec(color) : null;
  return match ? `#${match[1]!.toLowerCase()}` : fallback;
};

/** Relative luminance (WCAG), 0 for black to 1 for white. */
function luminance(color: string): number {
  const channel = (i: number) => {
    const c = parseInt(color.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** White or near-black, whichever reads better on `background`. */
const inkOn = (background: string) => (luminance(background) > 0.35 ? "#0f172a" : "#ffffff");

/** Two colours that differ enough to draw a border; a near-identical secondary becomes white or black. */
function palette(badge: Badge): { primary: string; secondary: string; ink: string } {
  const primary = hex(badge.primary, NEUTRAL_PRIMARY);
  let secondary = hex(badge.secondary, NEUTRAL_SECONDARY);
  // A rim needs contrast; an item tile's gradient wants the brand's second colour as it is.
  if (badge.kind !== "item" && Math.abs(luminance(primary) - luminance(secondary)) < 0.08) secondary = luminance(primary) > 0.5 ? "#0f172a" : "#ffffff";
  return { primary, secondary, ink: inkOn(primary) };
}

/** Upper-cases and checks a badge text; null when it is not 1 to 4 letters or digits. */
export function badgeText(text: string): string | null {
  const upper = text.trim().toUpperCase();
  return TEXT.test(upper) ? upper : null;
}

/** Up to two initials of a name's words that start with a letter: "Stadium Snack Voucher" → "SS". */
export function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter((word) => /^[a-z]/i.test(word))
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("");
  return letters || "X";
}

/** The public URL of a badge, e.g. `/api/badges/nfl/PHI.svg?c=004c54&a=a5acaf&v=1`. */
export function badgeUrl(badge: Badge): string {
  // Abbreviations like "LA-C" or "TBAY1" keep their first four letters and digits.
  const text = badgeText(badge.text.replace(/[^a-z0-9]/gi, "").slice(0, 4)) ?? "X";
  const { primary, secondary } = palette(badge);
  return `/api/badges/${badge.kind}/${text}.svg?c=${primary.slice(1)}&a=${secondary.slice(1)}&v=${BADGE_DESIGN_VERSION}`;
}

/** A team's stored logo, or its generated badge when it has none (admin-made teams, ESPN answers without logos). */
export function teamLogoUrl(team: {
  league: string;
  abbreviation: string;
  logoUrl: string | null;
  color?: string | null;
  alternateColor?: string | null;
}): string {
  if (team.logoUrl) return team.logoUrl;
  const kind: BadgeKind = team.league === "nfl" || team.league === "mlb" ? team.league : "league";
  return badgeUrl({ kind, text: team.abbreviation, primary: team.color ?? null, secondary: team.alternateColor ?? null });
}

/** Reads a badge back from a URL's parts; null when any part is not one we make. */
export function parseBadgeRequest(kind: string, file: string, search: URLSearchParams): Badge | null {
  if (!(BADGE_KINDS as readonly string[]).includes(kind)) return null;
  const text = /^([A-Za-z0-9]{1,4})\.svg$/.exec(file)?.[1];
  if (!text) return null;
  const primary = search.get("c");
  const secondary = search.get("a");
  if ((primary && !HEX.test(primary)) || (secondary && !HEX.test(secondary))) return null;
  return { kind: kind as BadgeKind, text: text.toUpperCase(), primary, secondary };
}

const SIZE = 200;

function shape(kind: BadgeKind, primary: string, secondary: string): string {
  switch (kind) {
    case "nfl":
      // A shield: flat top, sides curving to a point.
      return [
        `<path d="M100 8 L184 30 V96 C184 146 148 178 100 194 C52 178 16 146 16 96 V30 Z" fill="${secondary}"/>`,
        `<path d="M100 20 L172 39 V96 C172 139 141 166 100 181 C59 166 28 139 28 96 V39 Z" fill="${primary}"/>`,
      ].join("");
    case "mlb":
      // A roundel with two seam arcs.
      return [
        `<circle cx="100" cy="100" r="94" fill="${secondary}"/>`,
        `<circle cx="100" cy="100" r="82" fill="${primary}"/>`,
        `<path d="M46 40 C70 72 70 128 46 160 M154 40 C130 72 130 128 154 160" fill="none" stroke="${secondary}" stroke-width="4" stroke-dasharray="6 6" opacity="0.55"/>`,
      ].join("");
    case "league":
      return [
        `<rect x="6" y="30" width="188" height="140" rx="28" fill="${secondary}"/>`,
        `<rect x="16" y="40" width="168" height="120" rx="20" fill="${primary}"/>`,
        `<path d="M16 132 H184 V140 C184 151 175 160 164 160 H36 C25 160 16 151 16 140 Z" fill="${secondary}" opacity="0.8"/>`,
      ].join("");
    case "item":
      // A tile with a diagonal band and a ribbon: a gift, not a grey box.
      return [
        `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${primary}"/><stop offset="1" stop-color="${secondary}"/></linearGradient>`,
        `<clipPath id="r"><rect width="${SIZE}" height="${SIZE}" rx="28"/></clipPath></defs>`,
        `<g clip-path="url(#r)">`,
        `<rect width="${SIZE}" height="${SIZE}" fill="url(#g)"/>`,
        `<circle cx="170" cy="30" r="70" fill="#ffffff" opacity="0.12"/>`,
        `<circle cx="24" cy="184" r="54" fill="#000000" opacity="0.10"/>`,
        `<rect x="0" y="146" width="${SIZE}" height="14" fill="#ffffff" opacity="0.25"/>`,
        `</g>`,
      ].join("");
  }
}

export const BADGE_FONT = "system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif";

/** The badge's shapes and text in its 200×200 box, to draw inside another SVG (an event cover). */
export function badgeMarkup(badge: Badge): string {
  const text = badgeText(badge.text) ?? "X";
  const { primary, secondary, ink } = palette(badge);
  const fontSize = { 1: 96, 2: 84, 3: 64, 4: 50 }[text.length as 1 | 2 | 3 | 4];
  const y = badge.kind === "nfl" ? 98 : badge.kind === "item" ? 96 : 100;
  return [
    shape(badge.kind, primary, secondary),
    `<text x="100" y="${y}" text-anchor="middle" dominant-baseline="central" font-family="${BADGE_FONT}" font-size="${fontSize}" font-weight="800" letter-spacing="1" fill="${ink}">${text}</text>`,
  ].join("");
}

/** The SVG document of a badge (200×200, scales to any size). */
export function buildBadgeSvg(badge: Badge): string {
  const text = badgeText(badge.text) ?? "X";
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" role="img" aria-label="${text}">`,
    `<title>${text}</title>`,
    badgeMarkup(badge),
    `</svg>`,
  ].join("");
}
