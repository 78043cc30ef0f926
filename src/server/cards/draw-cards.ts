import { PRODUCT_NAME } from "@/config";
import { escapeXml, teamBadgeSvg } from "@/server/pictures/art-svg";
import { DRAWING_FONT_FAMILY } from "@/server/pictures/render-png";
import { ellipsize, fitLine, fitLines, textWidth, type FontWeight } from "./text-fit";

// Share cards (docs/decisions/067-share-cards.md): the Open Graph / Twitter picture of a pack, a
// receipt, a profile, a head-to-head and a group invite, drawn as SVG from plain data and
// rendered to a 1200×630 PNG. Pure: data in, the SVG and every string drawn on it out, so a test
// reads what a card says (no picks before their lock) without reading pixels. Laid out for a
// chat preview, where the card is shown 300-500 px wide: a bold title, big numbers, a few chips,
// the brand strip at the foot, as ESPN's and Sleeper's cards are.

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

export interface DrawnCard {
  svg: string;
  /** Every string drawn on the card, in the order drawn. */
  text: string[];
  /** The card in words, for og:image:alt. */
  alt: string;
}

const PAD = 64;
const INNER = CARD_WIDTH - 2 * PAD;
const STRIP_TOP = 556;
const COLORS = {
  page: "#0b1426",
  panel: "#15213a",
  line: "#24324f",
  ink: "#ffffff",
  muted: "#a7b4cc",
  kicker: "#8fb0ff",
  accent: "#1d4ed8",
  gold: "#fbbf24",
  won: "#16a34a",
  lost: "#dc2626",
  push: "#64748b",
};

/** One card being drawn: shapes and strings appended in order, the strings also kept as text. */
function canvas() {
  const parts: string[] = [];
  const text: string[] = [];
  return {
    text,
    raw(fragment: string) {
      parts.push(fragment);
    },
    write(
      x: number,
      y: number,
      value: string,
      style: { size: number; weight: FontWeight; fill?: string; anchor?: "start" | "middle" | "end"; spacing?: number },
    ) {
      text.push(value);
      const weight = style.weight === "black" ? 900 : style.weight === "bold" ? 700 : 400;
      parts.push(
        `<text x="${x}" y="${y}" font-family="${DRAWING_FONT_FAMILY}" font-size="${style.size}" font-weight="${weight}" fill="${style.fill ?? COLORS.ink}"` +
          `${style.anchor && style.anchor !== "start" ? ` text-anchor="${style.anchor}"` : ""}${style.spacing ? ` letter-spacing="${style.spacing}"` : ""}>${escapeXml(value)}</text>`,
      );
    },
    finish(alt: string): DrawnCard {
      const svg =
        `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">` +
        `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${COLORS.page}"/>` +
        // A quiet diagonal band behind the content, the brand's blue: a card, not a slide.
        `<path d="M${CARD_WIDTH * 0.62} 0H${CARD_WIDTH}V${STRIP_TOP}H${CARD_WIDTH * 0.8}Z" fill="${COLORS.accent}" fill-opacity="0.18"/>` +
        parts.join("") +
        brandStrip() +
        `</svg>`;
      return { svg, text: [...text, PRODUCT_NAME], alt };
    },
  };
}

type Canvas = ReturnType<typeof canvas>;

/** The foot of every card: the product's name on its blue, so a preview reads as ours at a glance. */
function brandStrip(): string {
  const y = STRIP_TOP + (CARD_HEIGHT - STRIP_TOP) / 2 + 13;
  return (
    `<rect y="${STRIP_TOP}" width="${CARD_WIDTH}" height="${CARD_HEIGHT - STRIP_TOP}" fill="${COLORS.accent}"/>` +
    `<circle cx="${PAD + 18}" cy="${y - 13}" r="18" fill="${COLORS.ink}"/>` +
    `<text x="${PAD + 18}" y="${y - 3}" text-anchor="middle" font-family="${DRAWING_FONT_FAMILY}" font-size="26" font-weight="900" fill="${COLORS.accent}">T</text>` +
    `<text x="${PAD + 50}" y="${y}" font-family="${DRAWING_FONT_FAMILY}" font-size="36" font-weight="900" fill="${COLORS.ink}" letter-spacing="1">${escapeXml(PRODUCT_NAME.toUpperCase())}</text>` +
    `<text x="${CARD_WIDTH - PAD}" y="${y - 2}" text-anchor="end" font-family="${DRAWING_FONT_FAMILY}" font-size="24" font-weight="700" fill="#dbe6ff">Make your takes · NFL · MLB</text>`
  );
}

/** The small upper-case line above the title ("NFL · PACK"), fitted to `width`. */
function kicker(c: Canvas, value: string, width = INNER) {
  const fitted = fitLine(value.toUpperCase(), { maxWidth: width, maxSize: 26, minSize: 20, weight: "bold", spacing: 2 });
  c.write(PAD, 92, fitted.text, { size: fitted.size, weight: "bold", fill: COLORS.kicker, spacing: 2 });
}

/** The title, up to `maxLines` lines from 72 px down to 44, cut with an ellipsis past that; returns the baseline of its last line. */
function title(c: Canvas, value: string, options: { top?: number; width?: number; maxLines?: number; maxSize?: number } = {}): number {
  const maxSize = options.maxSize ?? 72;
  const fitted = fitLines(value || "Untitled", {
    maxWidth: options.width ?? INNER,
    maxSize,
    minSize: 44,
    weight: "black",
    maxLines: options.maxLines ?? 2,
  });
  let y = (options.top ?? 112) + fitted.size;
  fitted.lines.forEach((line, index) => {
    if (index > 0) y += Math.round(fitted.size * 1.1);
    c.write(PAD, y, line, { size: fitted.size, weight: "black", spacing: -1 });
  });
  return y;
}

export interface Chip {
  label: string;
  tone?: "won" | "lost" | "push" | "plain" | "gold";
}

const CHIP_HEIGHT = 52;
const CHIP_GAP = 14;
const CHIP_TEXT = 24;

/**
 * Chips laid in rows from (x, y) within `width`, at most `maxRows`; what does not fit is counted
 * in a last "+N more" chip. Each label is cut to fit a row on its own.
 */
function chips(c: Canvas, list: Chip[], x: number, y: number, width: number, maxRows: number) {
  const fill = { won: COLORS.won, lost: COLORS.lost, push: COLORS.push, plain: COLORS.panel, gold: COLORS.gold };
  const ink = { won: COLORS.ink, lost: COLORS.ink, push: COLORS.ink, plain: COLORS.ink, gold: COLORS.page };
  const sized = list.map((chip) => {
    const label = ellipsize(chip.label, width - 40, CHIP_TEXT, "bold");
    return { label, width: textWidth(label, CHIP_TEXT, "bold") + 40, tone: chip.tone ?? "plain" };
  });
  // Places the first `count` chips, then "+N more" for the rest; null when they do not fit in maxRows.
  const place = (count: number) => {
    const items = sized.slice(0, count);
    if (count < sized.length) {
      const more = `+${sized.length - count} more`;
      items.push({ label: more, width: textWidth(more, CHIP_TEXT, "bold") + 40, tone: "push" });
    }
    let row = 0;
    let cursor = x;
    const placed = [];
    for (const item of items) {
      if (cursor > x && cursor + item.width > x + width) {
        row++;
        cursor = x;
      }
      if (row >= maxRows) return null;
      placed.push({ ...item, x: cursor, y: y + row * (CHIP_HEIGHT + CHIP_GAP) });
      cursor += item.width + CHIP_GAP;
    }
    return placed;
  };
  let count = sized.length;
  let placed = place(count);
  while (!placed && count > 0) placed = place(--count);
  for (const chip of placed ?? []) drawChip(c, chip.label, chip.x, chip.y, chip.width, fill[chip.tone], ink[chip.tone]);
}

function drawChip(c: Canvas, label: string, x: number, y: number, w: number, fill: string, ink: string) {
  c.raw(
    `<rect x="${x}" y="${y}" width="${w}" height="${CHIP_HEIGHT}" rx="${CHIP_HEIGHT / 2}" fill="${fill}" stroke="${COLORS.line}" stroke-width="2"/>`,
  );
  c.write(x + 20, y + CHIP_HEIGHT / 2 + 9, label, { size: CHIP_TEXT, weight: "bold", fill: ink });
}

/** A big number over its label, centred at x. */
function stat(c: Canvas, x: number, y: number, value: string, label: string, width: number) {
  const fitted = fitLine(value, { maxWidth: width, maxSize: 84, minSize: 40, weight: "black" });
  c.write(x, y, fitted.text, { size: fitted.size, weight: "black", anchor: "middle" });
  c.write(x, y + 44, label.toUpperCase(), { size: 22, weight: "bold", fill: COLORS.muted, anchor: "middle", spacing: 2 });
}

interface CardTeam {
  abbreviation: string;
  name: string;
  color?: string | null;
  alternateColor?: string | null;
}

/** An SVG document placed at (x, y), `size` px square: its own place and size give way to ours (its viewBox scales it). */
function nestedSvg(svg: string, x: number, y: number, size: number): string {
  return svg.replace(/^<svg\b[^>]*>/, (open) =>
    open.replace(/\s(?:x|y|width|height)="[^"]*"/g, "").replace(/^<svg/, `<svg x="${x}" y="${y}" width="${size}" height="${size}"`),
  );
}

/** A team's drawn badge (the offline art of decision 045), nested at (x, y) `size` px wide: never a remote logo. */
function badge(c: Canvas, team: CardTeam, x: number, y: number, size: number) {
  c.raw(nestedSvg(teamBadgeSvg(team), x, y, size));
  c.text.push(team.abbreviation);
}

const formatCount = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

// ---------------------------------------------------------------------------------------------
// The kinds

export interface PackCardData {
  title: string;
  league: string;
  /** The pack's games, visitors first, at most a handful. */
  games: Array<{ away: CardTeam | null; home: CardTeam | null; title: string }>;
  propCount: number;
  /** What the pack is doing: "Closes Sun, Dec 6, 1:00 PM ET", "Live", "Graded", "Opens …". */
  status: string;
}

/** A pack: its title, league, teams, number of props and when it closes (or its state). */
export function drawPackCard(data: PackCardData): DrawnCard {
  const c = canvas();
  kicker(c, `${data.league.toUpperCase()} · Pick'em pack`);
  const bottom = title(c, data.title);
  const teams = data.games.flatMap((g) => [g.away, g.home]).filter((t): t is CardTeam => t !== null);
  const rowTop = Math.max(bottom + 36, 300);
  if (data.games.length === 1 && data.games[0]!.away && data.games[0]!.home) {
    // One game: the two badges with the matchup between them, as a TV graphic has it.
    const { away, home } = data.games[0]! as { away: CardTeam; home: CardTeam };
    badge(c, away, PAD, rowTop, 112);
    c.write(PAD + 136, rowTop + 72, "@", { size: 44, weight: "black", fill: COLORS.muted });
    badge(c, home, PAD + 192, rowTop, 112);
    const names = fitLine(`${away.name} at ${home.name}`, { maxWidth: INNER - 340, maxSize: 34, minSize: 22, weight: "bold" });
    c.write(PAD + 330, rowTop + 68, names.text, { size: names.size, weight: "bold", fill: COLORS.muted });
  } else if (teams.length > 0) {
    const shown = teams.slice(0, 8);
    shown.forEach((team, index) => badge(c, team, PAD + index * 104, rowTop + 8, 92));
    if (teams.length > shown.length) {
      c.write(PAD + shown.length * 104 + 8, rowTop + 66, `+${teams.length - shown.length}`, {
        size: 36,
        weight: "black",
        fill: COLORS.muted,
      });
    }
  } else if (data.games[0]) {
    const line = fitLine(data.games[0].title, { maxWidth: INNER, maxSize: 34, minSize: 22, weight: "bold" });
    c.write(PAD, rowTop + 60, line.text, { size: line.size, weight: "bold", fill: COLORS.muted });
  }
  chips(
    c,
    [
      { label: formatCount(data.propCount, "prop", "props"), tone: "gold" },
      { label: data.status, tone: "plain" },
    ],
    PAD,
    470,
    INNER,
    1,
  );
  return c.finish(`${data.title}: ${data.league.toUpperCase()} pack of ${formatCount(data.propCount, "prop", "props")}, ${data.status}`);
}

export interface ReceiptCardData {
  handle: string;
  packTitle: string;
  /** Picks on props that have locked, in the pack's order: the only picks a card may show. */
  locked: Array<{ prop: string; side: string; result: "won" | "lost" | "push" | "void" | "pending" }>;
  /** How many of the receipt's picks are on props still open: counted, never shown. */
  hiddenCount: number;
  /** Once any pick is graded: the record and points so far. */
  graded: { won: number; lost: number; pushed: number; points: number } | null;
}

const RESULT_TONE = { won: "won", lost: "lost", push: "push", void: "push", pending: "plain" } as const;

/** A receipt: whose picks on which pack; the picks only where their prop has locked, results and points once graded. */
export function drawReceiptCard(data: ReceiptCardData): DrawnCard {
  const c = canvas();
  kicker(c, `Receipt · ${data.packTitle}`);
  const handle = fitLine(`@${data.handle}`, { maxWidth: INNER, maxSize: 72, minSize: 40, weight: "black" });
  c.write(PAD, 112 + handle.size, handle.text, { size: handle.size, weight: "black", spacing: -1 });
  const total = data.locked.length + data.hiddenCount;
  let line: string;
  if (data.graded) {
    line = `${data.graded.won}-${data.graded.lost}-${data.graded.pushed} · ${formatCount(data.graded.points, "pt", "pts")}`;
  } else if (data.locked.length === 0) {
    line = `${formatCount(total, "pick", "picks")} in · revealed at lock`;
  } else {
    line = `${formatCount(total, "pick", "picks")} in`;
  }
  const sub = fitLine(line, { maxWidth: INNER, maxSize: 44, minSize: 28, weight: "bold" });
  c.write(PAD, 276, sub.text, { size: sub.size, weight: "bold", fill: data.graded ? COLORS.gold : COLORS.muted });
  const list: Chip[] = data.locked.map((pick) => ({
    label: `${pick.prop.replace(/[:\s]+$/, "")}${/[?!]$/.test(pick.prop.trim()) ? "" : ":"} ${pick.side}`,
    tone: RESULT_TONE[pick.result],
  }));
  if (data.hiddenCount > 0 && data.locked.length > 0) {
    list.push({ label: `${formatCount(data.hiddenCount, "more pick", "more picks")} at lock`, tone: "plain" });
  }
  if (list.length > 0) chips(c, list, PAD, 330, INNER, 3);
  else c.write(PAD, 400, "Picks show here as each prop locks.", { size: 30, weight: "regular", fill: COLORS.muted });
  return c.finish(`@${data.handle}'s receipt for ${data.packTitle}: ${line}`);
}

export interface ProfileCardData {
  handle: string;
  points: number;
  won: number;
  lost: number;
  pushed: number;
  /** Place on the all-time board; null before any graded take. */
  rank: number | null;
  favoriteTeam: CardTeam | null;
}

/** A profile: handle, points, record and all-time rank. */
export function drawProfileCard(data: ProfileCardData): DrawnCard {
  const c = canvas();
  kicker(c, `${PRODUCT_NAME} player`);
  const room = data.favoriteTeam ? INNER - 180 : INNER;
  const handle = fitLine(`@${data.handle}`, { maxWidth: room, maxSize: 84, minSize: 40, weight: "black" });
  c.write(PAD, 120 + handle.size, handle.text, { size: handle.size, weight: "black", spacing: -1 });
  if (data.favoriteTeam) badge(c, data.favoriteTeam, CARD_WIDTH - PAD - 150, 110, 150);
  const third = INNER / 3;
  const record = `${data.won}-${data.lost}-${data.pushed}`;
  c.raw(`<rect x="${PAD}" y="300" width="${INNER}" height="200" rx="28" fill="${COLORS.panel}" stroke="${COLORS.line}" stroke-width="2"/>`);
  stat(c, PAD + third / 2, 412, data.points.toLocaleString("en-US"), "Points", third - 40);
  stat(c, PAD + third * 1.5, 412, record, "Record", third - 40);
  stat(c, PAD + third * 2.5, 412, data.rank ? `#${data.rank.toLocaleString("en-US")}` : "–", "Rank", third - 40);
  return c.finish(
    `@${data.handle} on ${PRODUCT_NAME}: ${data.points.toLocaleString("en-US")} points, record ${record}${data.rank ? `, ranked #${data.rank}` : ""}`,
  );
}

export interface HeadToHeadCardData {
  packTitle: string;
  challenger: string;
  challenged: string;
  /** Points each once the pack has closed; null before (picks and scores are private until then). */
  scores: { challenger: number; challenged: number } | null;
  /** "Final", "In progress", "Waiting for an answer", "Declined", "Expired". */
  status: string;
  /** The winner's handle once settled; null for a tie or while undecided. */
  winner: string | null;
}

/** A head-to-head: the two handles, their scores and the winner, or where it stands. */
export function drawHeadToHeadCard(data: HeadToHeadCardData): DrawnCard {
  const c = canvas();
  kicker(c, `Head-to-head · ${data.packTitle}`);
  const half = INNER / 2;
  const side = (handle: string, score: number | null, x: number, isWinner: boolean) => {
    c.raw(
      `<rect x="${x}" y="140" width="${half - 50}" height="300" rx="28" fill="${COLORS.panel}" stroke="${isWinner ? COLORS.gold : COLORS.line}" stroke-width="${isWinner ? 6 : 2}"/>`,
    );
    const name = fitLine(`@${handle}`, { maxWidth: half - 100, maxSize: 48, minSize: 24, weight: "black" });
    c.write(x + (half - 50) / 2, 215, name.text, { size: name.size, weight: "black", anchor: "middle" });
    c.write(x + (half - 50) / 2, 345, score === null ? "–" : score.toLocaleString("en-US"), {
      size: 96,
      weight: "black",
      anchor: "middle",
    });
    c.write(x + (half - 50) / 2, 400, isWinner ? "WINNER" : "POINTS", {
      size: 22,
      weight: "bold",
      fill: isWinner ? COLORS.gold : COLORS.muted,
      anchor: "middle",
      spacing: 2,
    });
  };
  side(data.challenger, data.scores?.challenger ?? null, PAD, data.winner === data.challenger);
  c.write(CARD_WIDTH / 2, 310, "VS", { size: 40, weight: "black", fill: COLORS.kicker, anchor: "middle" });
  side(data.challenged, data.scores?.challenged ?? null, PAD + half + 50, data.winner === data.challenged);
  const status = fitLine(data.winner ? `Final · @${data.winner} wins` : data.status, {
    maxWidth: INNER,
    maxSize: 32,
    minSize: 22,
    weight: "bold",
  });
  c.write(CARD_WIDTH / 2, 505, status.text, { size: status.size, weight: "bold", fill: COLORS.muted, anchor: "middle" });
  return c.finish(`@${data.challenger} vs @${data.challenged} on ${data.packTitle}: ${status.text}`);
}

export interface GroupInviteCardData {
  name: string;
  ownerHandle: string;
  memberCount: number;
  /** The group's own picture as an SVG document drawn offline (never a remote image); the product's tile without one. */
  pictureSvg?: string | null;
}

/** A group invite: the group's name and picture, who runs it and how many are in. */
export function drawGroupInviteCard(data: GroupInviteCardData): DrawnCard {
  const c = canvas();
  const side = 220;
  const textWidthRoom = INNER - side - 48;
  kicker(c, "You're invited to a group", textWidthRoom);
  const bottom = title(c, data.name, { width: textWidthRoom, maxLines: 2 });
  const owner = fitLine(`Run by @${data.ownerHandle}`, { maxWidth: textWidthRoom, maxSize: 34, minSize: 24, weight: "bold" });
  c.write(PAD, Math.max(bottom + 64, 300), owner.text, { size: owner.size, weight: "bold", fill: COLORS.muted });
  const x = CARD_WIDTH - PAD - side;
  const y = 112;
  if (data.pictureSvg && /^<svg[\s>]/.test(data.pictureSvg.trim())) {
    c.raw(nestedSvg(data.pictureSvg.trim(), x, y, side));
  } else {
    c.raw(`<rect x="${x}" y="${y}" width="${side}" height="${side}" rx="44" fill="${COLORS.accent}"/>`);
    const initial = Array.from(data.name.trim())[0]?.toUpperCase() ?? "T";
    c.write(x + side / 2, y + side / 2 + 38, initial, { size: 110, weight: "black", anchor: "middle" });
  }
  chips(
    c,
    [
      { label: formatCount(data.memberCount, "member", "members"), tone: "gold" },
      { label: "Tap to join", tone: "plain" },
    ],
    PAD,
    430,
    INNER,
    1,
  );
  return c.finish(
    `Join ${data.name} on ${PRODUCT_NAME}: run by @${data.ownerHandle}, ${formatCount(data.memberCount, "member", "members")}`,
  );
}
