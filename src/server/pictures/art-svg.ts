// Pictures drawn from what we know, for when the real picture cannot load
// (docs/decisions/045-pictures-drawn-when-offline.md). Pure: text and colours
// in, an SVG document out. Small on purpose: a flat disc or tile and a few
// letters, cheap for a phone to paint.

export const ART_SIZE = 120;
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";
const NEUTRAL = "#334155";

export const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

/** A CSS colour from ESPN's "0b2265" or our "#0b2265"; the fallback for anything else. */
export function artColor(color: string | null | undefined, fallback = NEUTRAL): string {
  const hex = color?.trim().replace(/^#/, "");
  return hex && /^([0-9a-f]{3}|[0-9a-f]{6})$/i.test(hex) ? `#${hex.toLowerCase()}` : fallback;
}

/** White or ink, whichever reads better on `background` (WCAG relative luminance). */
export function inkOn(background: string): string {
  const hex = background.replace("#", "");
  const full = hex.length === 3 ? hex.replace(/./g, (c) => c + c) : hex;
  const channel = (i: number) => {
    const v = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  // Contrast against white (1.05 / (L + 0.05)) beats contrast against #0f172a from L ≈ 0.18 down.
  return luminance > 0.18 ? "#0f172a" : "#ffffff";
}

/** Up to four letters, upper case: what fits on a badge. */
export function badgeText(text: string): string {
  const letters = text.replace(/[^\p{L}\p{N}&]/gu, "").toUpperCase();
  return letters.slice(0, 4) || "?";
}

function svg(label: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${ART_SIZE}" height="${ART_SIZE}" viewBox="0 0 ${ART_SIZE} ${ART_SIZE}" role="img" aria-label="${escapeXml(label)}">` +
    `<title>${escapeXml(label)}</title>${body}</svg>`
  );
}

function letters(text: string, fill: string, y = ART_SIZE / 2): string {
  const size = text.length <= 2 ? 46 : text.length === 3 ? 38 : 30;
  return `<text x="${ART_SIZE / 2}" y="${y}" text-anchor="middle" dominant-baseline="central" font-family="${FONT}" font-size="${size}" font-weight="800" fill="${fill}">${escapeXml(text)}</text>`;
}

/** A team's badge: a disc in its colour ringed in its second colour, its abbreviation across. */
export function teamBadgeSvg(team: { abbreviation: string; name: string; color?: string | null; alternateColor?: string | null }): string {
  const fill = artColor(team.color);
  const ring = artColor(team.alternateColor, fill === "#ffffff" ? NEUTRAL : "#ffffff");
  const half = ART_SIZE / 2;
  return svg(
    team.name,
    `<circle cx="${half}" cy="${half}" r="${half - 4}" fill="${fill}" stroke="${ring}" stroke-width="6"/>` +
      letters(badgeText(team.abbreviation), inkOn(fill)),
  );
}

const LEAGUE_COLORS: Record<string, { fill: string; ring: string }> = {
  nfl: { fill: "#013369", ring: "#d50a0a" },
  mlb: { fill: "#041e42", ring: "#bf0d3e" },
};

const LEAGUE_NAMES: Record<string, string> = { nfl: "National Football League", mlb: "Major League Baseball" };

/** A league as a cover subject: its colours and full name. */
export function leagueSubject(league: string) {
  const colors = LEAGUE_COLORS[league] ?? { fill: NEUTRAL, ring: "#ffffff" };
  return {
    abbreviation: league.toUpperCase(),
    name: LEAGUE_NAMES[league] ?? league.toUpperCase(),
    color: colors.fill,
    alternateColor: colors.ring,
  };
}

/** A league's badge: a shield in the league's colours with its name. */
export function leagueBadgeSvg(league: string): string {
  const colors = LEAGUE_COLORS[league] ?? { fill: NEUTRAL, ring: "#ffffff" };
  const s = ART_SIZE;
  return svg(
    league.toUpperCase(),
    `<path d="M${s / 2} 6 L${s - 12} 22 V${s * 0.55} C${s - 12} ${s * 0.8} ${s * 0.7} ${s - 10} ${s / 2} ${s - 6} C${s * 0.3} ${s - 10} 12 ${s * 0.8} 12 ${s * 0.55} V22 Z" fill="${colors.fill}" stroke="${colors.ring}" stroke-width="6" stroke-linejoin="round"/>` +
      letters(badgeText(league), "#ffffff", s / 2 - 2),
  );
}

/** A person's silhouette, for a player's headshot. */
export function headshotSvg(label: string): string {
  const s = ART_SIZE;
  return svg(
    label,
    `<rect width="${s}" height="${s}" rx="${s / 2}" fill="#e2e8f0"/>` +
      `<circle cx="${s / 2}" cy="${s * 0.4}" r="${s * 0.18}" fill="#94a3b8"/>` +
      `<path d="M${s * 0.18} ${s * 0.92} C${s * 0.22} ${s * 0.66} ${s * 0.78} ${s * 0.66} ${s * 0.82} ${s * 0.92} Z" fill="#94a3b8"/>`,
  );
}

/** Any other picture: the product's own tile, so a card never shows an empty box. */
export function genericArtSvg(label: string): string {
  const s = ART_SIZE;
  return svg(label, `<rect width="${s}" height="${s}" rx="24" fill="#0b1426"/>` + letters("T", "#ffffff"));
}

export const COVER_SIZE = 320;
/** Room left on each side of a cover's name. */
export const COVER_MARGIN = 14;

/**
 * The widest a bold letter runs on average, in ems: DejaVu Sans Bold, which pictures were drawn in
 * before Inter (render-png.ts, docs/decisions/067-share-cards.md), averages about 0.66 over team and
 * league names; Inter Bold and a browser's system-ui are narrower. Over-estimating only makes the
 * type a little smaller.
 */
const BOLD_EM = 0.7;

/** The size (at most `maxSize`) that fits `text` in `width`; below `minSize`, the text cut to fit with an ellipsis. */
export function fitLine(text: string, width: number, maxSize: number, minSize: number): { text: string; size: number } {
  const size = Math.min(maxSize, Math.floor(width / (Math.max(text.length, 1) * BOLD_EM)));
  if (size >= minSize) return { text, size };
  const room = Math.max(1, Math.floor(width / (minSize * BOLD_EM)) - 1);
  return { text: `${text.slice(0, room).trimEnd()}…`, size: minSize };
}

/**
 * A cover: the square picture of a pack or contest, drawn from a team (or league) when its real
 * cover is that team's logo and cannot load. Full-bleed in the team's colour with a band and
 * pinstripes in its second colour, its abbreviation large and its name beneath: a picture that
 * fills a card the way a real cover does, not a badge floating in it.
 */
export function coverSvg(subject: { abbreviation: string; name: string; color?: string | null; alternateColor?: string | null }): string {
  const s = COVER_SIZE;
  const fill = artColor(subject.color);
  const second = artColor(subject.alternateColor, inkOn(fill) === "#ffffff" ? "#ffffff" : "#0f172a");
  const ink = inkOn(fill);
  const stripes = Array.from({ length: 9 }, (_, i) => {
    const x = -s + i * 80;
    return `<path d="M${x} ${s}L${x + s} 0" stroke="${second}" stroke-opacity="0.18" stroke-width="10"/>`;
  }).join("");
  const text = badgeText(subject.abbreviation);
  const size = text.length <= 2 ? 150 : text.length === 3 ? 118 : 92;
  // The name fits the cover's width, whatever its length ("Washington Commanders", "National Football League"): smaller type first,
  // then cut with an ellipsis at the smallest size (issue 39 item 6).
  const name = fitLine(subject.name, s - 2 * COVER_MARGIN, 24, 15);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}" role="img" aria-label="${escapeXml(subject.name)}">` +
    `<title>${escapeXml(subject.name)}</title>` +
    `<rect width="${s}" height="${s}" fill="${fill}"/>${stripes}` +
    `<path d="M0 ${s * 0.7}L${s} ${s * 0.56}V${s * 0.7}L0 ${s * 0.84}Z" fill="${second}" fill-opacity="0.9"/>` +
    `<text x="${s / 2}" y="${s * 0.4}" text-anchor="middle" dominant-baseline="central" font-family="${FONT}" font-size="${size}" font-weight="900" letter-spacing="-2" fill="${ink}">${escapeXml(text)}</text>` +
    `<text x="${s / 2}" y="${s * 0.93}" text-anchor="middle" dominant-baseline="central" font-family="${FONT}" font-size="${name.size}" font-weight="700" fill="${ink}">${escapeXml(name.text)}</text>` +
    `</svg>`
  );
}
