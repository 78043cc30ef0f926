// Builds a square event cover (the two team logos side by side on their
// colours) as an SVG document. Pure: the logos arrive already inlined as data
// URIs, because an SVG shown through <img> may not load external images.

export interface CoverTeam {
  abbreviation: string;
  /** CSS #rrggbb, or null for a neutral colour. */
  color: string | null;
  /** `data:image/...;base64,...`, or null to draw the abbreviation instead. */
  logoDataUri: string | null;
}

export const COVER_SIZE = 600;
const NEUTRAL = ["#1e293b", "#334155"] as const;

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

const safeColor = (color: string | null, fallback: string) => (color && /^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(color) ? color : fallback);

const safeDataUri = (uri: string | null) =>
  uri && /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=]+$/.test(uri) ? uri : null;

function teamMark(team: CoverTeam, centerX: number): string {
  const logo = safeDataUri(team.logoDataUri);
  const size = 220;
  const y = COVER_SIZE / 2 - size / 2 - 20;
  if (logo) {
    return `<image href="${logo}" x="${centerX - size / 2}" y="${y}" width="${size}" height="${size}" preserveAspectRatio="xMidYMid meet"/>`;
  }
  return `<text x="${centerX}" y="${COVER_SIZE / 2}" text-anchor="middle" dominant-baseline="middle" font-size="96" font-weight="800" fill="#ffffff">${escapeXml(team.abbreviation)}</text>`;
}

/** Away team on the left, home team on the right, "@" between them, abbreviations beneath. */
export function buildEventCoverSvg(input: { away: CoverTeam; home: CoverTeam; label: string }): string {
  const half = COVER_SIZE / 2;
  const awayColor = safeColor(input.away.color, NEUTRAL[0]);
  const homeColor = safeColor(input.home.color, NEUTRAL[1]);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_SIZE}" height="${COVER_SIZE}" viewBox="0 0 ${COVER_SIZE} ${COVER_SIZE}" role="img" aria-label="${escapeXml(input.label)}">`,
    `<title>${escapeXml(input.label)}</title>`,
    `<rect width="${COVER_SIZE}" height="${COVER_SIZE}" fill="${homeColor}"/>`,
    `<polygon points="0,0 ${half + 60},0 ${half - 60},${COVER_SIZE} 0,${COVER_SIZE}" fill="${awayColor}"/>`,
    `<rect width="${COVER_SIZE}" height="${COVER_SIZE}" fill="#000000" fill-opacity="0.12"/>`,
    teamMark(input.away, COVER_SIZE * 0.27),
    teamMark(input.home, COVER_SIZE * 0.73),
    `<circle cx="${half}" cy="${half - 20}" r="34" fill="#ffffff"/>`,
    `<text x="${half}" y="${half - 20}" text-anchor="middle" dominant-baseline="central" font-size="36" font-weight="800" fill="#0f172a">@</text>`,
    `<text x="${COVER_SIZE * 0.27}" y="${COVER_SIZE - 70}" text-anchor="middle" font-size="44" font-weight="800" fill="#ffffff">${escapeXml(input.away.abbreviation)}</text>`,
    `<text x="${COVER_SIZE * 0.73}" y="${COVER_SIZE - 70}" text-anchor="middle" font-size="44" font-weight="800" fill="#ffffff">${escapeXml(input.home.abbreviation)}</text>`,
    `</svg>`,
  ].join("");
}
